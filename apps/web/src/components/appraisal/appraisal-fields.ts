/**
 * The appraisal as three features read it (the agent's request page and drafting steps, the seller's appraisal
 * page): one fragment and its type, so the normalised cache always holds the same fields.
 */
import { graphql } from '@/generated/graphql';
import type { CommissionType } from '@listwise/domain/enums';
import { type UserMedia } from '@/components/media/media-api';

export type AppraisalMedia = UserMedia;

export interface AppraisalValues {
  id: string;
  state: 'DRAFT' | 'SUBMITTED';
  sellingRangeMin: number | null;
  sellingRangeMax: number | null;
  additionalNotes: string | null;
  sentAt: string | null;
  comparableSales: { id: string; order: number; address: string; salePriceDollars: number; saleDate: string | null; url: string | null }[];
  marketingFee: { id: string; costDollars: number; marketingInclusions: string[] } | null;
  commission: { id: string; commissionType: CommissionType; percentageRate: number | null; flatFeeCostDollars: number | null } | null;
  appraisalVideo: AppraisalMedia | null;
}

export const AppraisalValuesFields = graphql(`
  fragment AppraisalValuesFields on PropertyAppraisal {
    id
    state
    sellingRangeMin
    sellingRangeMax
    additionalNotes
    sentAt
    comparableSales {
      id
      order
      address
      salePriceDollars
      saleDate
      url
    }
    marketingFee {
      id
      costDollars
      marketingInclusions
    }
    commission {
      id
      commissionType
      percentageRate
      flatFeeCostDollars
    }
    appraisalVideo {
      ...UserMediaFields
    }
  }
`);
