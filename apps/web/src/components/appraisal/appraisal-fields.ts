/**
 * The appraisal as three features read it (the agent's request page and drafting steps, the seller's appraisal
 * page): one fragment and its type, so the normalised cache always holds the same fields.
 */
import { graphql } from '@/generated/graphql';
import { type UserMedia } from '@/components/media/media-api';
import type { AppraisalValuesFieldsFragment } from '@/generated/graphql/graphql';

export type AppraisalMedia = UserMedia;

export type AppraisalValues = AppraisalValuesFieldsFragment;

/** What an appraisal's fees are made of (the commission and the marketing fee), as every appraisal view selects them. */
export const AppraisalFeesFields = graphql(`
  fragment AppraisalFeesFields on PropertyAppraisal {
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
  }
`);

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
    ...AppraisalFeesFields
    appraisalVideo {
      ...UserMediaFields
    }
  }
`);
