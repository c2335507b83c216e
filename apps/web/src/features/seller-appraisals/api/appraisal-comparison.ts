/**
 * The comparison page's data: the property's submitted appraisals with their ranges and fees, each
 * agent's badge and track record, the span of all ranges (`appraisalComparison`) and the seller's own estimate;
 * then each appraisal's `costAt` the chosen sale price, asked again as the price settles.
 */
import { graphql } from '@/generated/graphql';
import type { ResultOf } from '@graphql-typed-document-node/core';

export type ComparedAppraisal = ComparisonProperty['propertyAppraisals'][number];

export type ComparisonProperty = NonNullable<ResultOf<typeof AppraisalComparisonQuery>['property']>;

export const AppraisalComparisonQuery = graphql(`
  query AppraisalComparison($id: ID!) {
    property(id: $id) {
      id
      streetNumber
      streetName
      unitNumber
      suburb {
        ...SuburbRefFields
      }
      estimatedSaleValueRange
      appraisalComparison {
        rangeMinDollars
        rangeMaxDollars
        midpointDollars
      }
      propertyAppraisals {
        id
        sentAt
        sellingRangeMin
        sellingRangeMax
        ...AppraisalFeesFields
        agent {
          id
          name
          agencyName
          badge
          numberOfEngagements
          licence {
            ...AgentLicenceMarkFields
          }
          trackRecord {
            confirmedSales
            salesWithinRange
            medianDeviationPercent
          }
          reviewSummary {
            ...ReviewSummaryFields
          }
        }
      }
    }
  }
`);

export type CostAt = NonNullable<ResultOf<typeof AppraisalCostsQuery>['property']>['propertyAppraisals'][number]['costAt'];

export const AppraisalCostsQuery = graphql(`
  query AppraisalCosts($id: ID!, $salePriceDollars: Int!) {
    property(id: $id) {
      id
      propertyAppraisals {
        id
        costAt(salePriceDollars: $salePriceDollars) {
          commissionDollars
          marketingFeeDollars
          totalFeeDollars
          netProceedsDollars
        }
      }
    }
  }
`);
