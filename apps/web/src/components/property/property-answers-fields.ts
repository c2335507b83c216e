/**
 * The fragment and type of a property's wizard answers (see property-answers.ts), apart from the labels that
 * display them: the listing wizard's draft query needs only these, and must not load the label tables and
 * date-fns with them on the address step, a visitor's first page (issue 10).
 */
import { gql } from 'urql';
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

export const PropertyAnswersFields = gql`
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
`;
