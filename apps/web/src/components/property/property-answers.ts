/**
 * A property's answers from the listing wizard (type, counts, sizes, features, sale information) as three features
 * read them: the seller's draft, the seller's property page and the agent's request page. One fragment and one
 * type, so the normalised cache holds the same fields whichever screen loaded the property. Their label/value rows
 * are in property-answer-rows.ts, so the wizard's draft query does not load the label tables and date-fns with the
 * fragment on the address step, a visitor's first page.
 */
import { graphql } from '@/generated/graphql';
import type { PropertyAnswersFieldsFragment } from '@/generated/graphql/graphql';

export type PropertyAnswers = PropertyAnswersFieldsFragment;

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
