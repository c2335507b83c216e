/**
 * The comparison page's data (issue 11): the property's submitted appraisals with their ranges and fees, each
 * agent's badge and track record, the span of all ranges (`appraisalComparison`) and the seller's own estimate;
 * then each appraisal's `costAt` the chosen sale price, asked again as the price settles.
 */
import { graphql } from '@/generated/graphql';
import type { AgentBadge, CommissionType, EstimatedSaleValueRange } from '@listwise/domain/enums';
import type { AgentLicenceMarkData } from '@/components/agent-profile/licence-mark';
import type { ReviewSummaryData } from '@/components/reviews/review-fields';

export interface TrackRecord {
  confirmedSales: number;
  salesWithinRange: number;
  medianDeviationPercent: number;
}

export interface ComparedAppraisal {
  id: string;
  sentAt: string | null;
  sellingRangeMin: number | null;
  sellingRangeMax: number | null;
  commission: { id: string; commissionType: CommissionType; percentageRate: number | null; flatFeeCostDollars: number | null } | null;
  marketingFee: { id: string; costDollars: number; marketingInclusions: string[] } | null;
  agent: {
    id: string;
    name: string | null;
    agencyName: string | null;
    badge: AgentBadge | null;
    numberOfEngagements: number;
    trackRecord: TrackRecord | null;
    reviewSummary: ReviewSummaryData;
    licence: AgentLicenceMarkData | null;
  } | null;
}

export interface ComparisonProperty {
  id: string;
  streetNumber: string | null;
  streetName: string | null;
  unitNumber: string | null;
  suburb: { id: string; name: string; state: string; postcode: string } | null;
  estimatedSaleValueRange: EstimatedSaleValueRange | null;
  appraisalComparison: { rangeMinDollars: number; rangeMaxDollars: number; midpointDollars: number } | null;
  propertyAppraisals: ComparedAppraisal[];
}

export const AppraisalComparisonQuery = graphql(`
  query AppraisalComparison($id: ID!) {
    property(id: $id) {
      id
      streetNumber
      streetName
      unitNumber
      suburb {
        id
        name
        state
        postcode
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
        commission {
          id
          commissionType
          percentageRate
          flatFeeCostDollars
        }
        marketingFee {
          id
          costDollars
          marketingInclusions
        }
        agent {
          id
          name
          agencyName
          badge
          numberOfEngagements
          licence {
            id
            number
            state
            status
            isVerified
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

export interface CostAt {
  commissionDollars: number;
  marketingFeeDollars: number;
  totalFeeDollars: number;
  netProceedsDollars: number;
}

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
