/** A property's wizard answers (property-answers.ts) as the label/value rows the property pages show. */
import {
  ADDITIONAL_FEATURE_LABELS,
  ESTIMATED_SALE_VALUE_RANGE_LABELS,
  IDEAL_TIMEFRAME_LABELS,
  PREFERRED_METHOD_LABELS,
  PROPERTY_TYPE_LABELS,
  type YesNo,
} from '@listwise/domain/enums';
import { countLabel, formatNumber } from '@listwise/domain/format';
import type { PropertyAnswers } from '@/components/property/property-answers';

const yesNo = (value: YesNo | null) => (value ? (value === 'YES' ? 'Yes' : 'No') : null);
const count = (n: number | null) => (n != null ? countLabel(n) : null);
const squareMetres = (n: number | null) => (n != null ? `${formatNumber(n)} m²` : null);

/** The answers as label/value rows in the wizard's order, leaving out the questions not answered. */
export function propertyAnswerRows(property: PropertyAnswers): [label: string, value: string][] {
  const rows: [string, string | null][] = [
    ['Property type', property.propertyType ? PROPERTY_TYPE_LABELS[property.propertyType] : null],
    ['Bedrooms', count(property.numberOfBedrooms)],
    ['Bathrooms', count(property.numberOfBathrooms)],
    ['Toilets', count(property.numberOfToilets)],
    ['Car spaces', count(property.numberOfCarSpaces)],
    ['Living spaces', count(property.numberOfLivingSpaces)],
    ['Property size', squareMetres(property.propertySizeSqm)],
    ['Land size', squareMetres(property.landSizeSqm)],
    ['Property age', property.propertyAge != null ? `${property.propertyAge} years` : null],
    [
      'Features',
      property.additionalFeatures.length ? property.additionalFeatures.map((f) => ADDITIONAL_FEATURE_LABELS[f]).join(', ') : null,
    ],
    ['Capital improvements', yesNo(property.capitalImprovements)],
    ['Estimated sale value', property.estimatedSaleValueRange ? ESTIMATED_SALE_VALUE_RANGE_LABELS[property.estimatedSaleValueRange] : null],
    ['Ideal timeframe of sale', property.idealTimeframeOfSale ? IDEAL_TIMEFRAME_LABELS[property.idealTimeframeOfSale] : null],
    ['Preferred method of sale', property.preferredMethodOfSale ? PREFERRED_METHOD_LABELS[property.preferredMethodOfSale] : null],
    ['Property owner', yesNo(property.areYouThePropertyOwner)],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null);
}
