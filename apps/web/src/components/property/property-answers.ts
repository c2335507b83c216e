/**
 * A property's answers from the listing wizard (type, counts, sizes, features, sale information) as three features
 * read them: the seller's draft, the seller's property page and the agent's request page. One fragment and one
 * type, so the normalised cache holds the same fields whichever screen loaded the property. Their label/value rows
 * are in property-answer-rows.ts, so the wizard's draft query does not load the label tables and date-fns with the
 * fragment on the address step, a visitor's first page (issue 10).
 */
import { graphql } from '@/generated/graphql';
import type {
  AdditionalFeature,
  EstimatedSaleValueRange,
  IdealTimeframeOfSale,
  PreferredMethodOfSale,
  PropertyType,
  YesNo,
} from '@listwise/domain/enums';

export interface PropertyAnswers {
  propertyType: PropertyType | null;
  numberOfBedrooms: number | null;
  numberOfBathrooms: number | null;
  numberOfToilets: number | null;
  numberOfCarSpaces: number | null;
  numberOfLivingSpaces: number | null;
  propertySizeSqm: number | null;
  landSizeSqm: number | null;
  propertyAge: number | null;
  additionalFeatures: AdditionalFeature[];
  capitalImprovements: YesNo | null;
  estimatedSaleValueRange: EstimatedSaleValueRange | null;
  idealTimeframeOfSale: IdealTimeframeOfSale | null;
  preferredMethodOfSale: PreferredMethodOfSale | null;
  areYouThePropertyOwner: YesNo | null;
  additionalInformation: string | null;
}

export const PropertyAnswersFields = graphql(`
  fragment PropertyAnswersFields on Property {
    propertyType
    numberOfBedrooms
    numberOfBathrooms
    numberOfToilets
    numberOfCarSpaces
    numberOfLivingSpaces
    propertySizeSqm
    landSizeSqm
    propertyAge
    additionalFeatures
    capitalImprovements
    estimatedSaleValueRange
    idealTimeframeOfSale
    preferredMethodOfSale
    areYouThePropertyOwner
    additionalInformation
  }
`);
