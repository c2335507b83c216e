/** The seller's appraisal and appointment request (spec 001 §7 `propertyAppraisal`, `requestAppointmentForAgentFromPropertyAppraisal`). */
import { gql, useMutation } from 'urql';
import type { AgentBadge, CompleteType, PropertyState } from '@listwise/domain/enums';
import type { AgentLicenceMarkData } from '@/components/agent-profile/licence-mark';
import type { ReviewStatus } from '@listwise/domain/reviews';
import { AppraisalValuesFields, type AppraisalValues } from '@/components/appraisal/appraisal-fields';
import type { ReviewSummaryData } from '@/components/reviews/review-fields';

export interface SellerAppraisal extends AppraisalValues {
  agentMobileNumber: string | null;
  appointmentRequestedBySeller: boolean;
  appointmentCalendar: { ics: string; googleCalendarUrl: string; startsAt: string } | null;
  agent: {
    id: string;
    name: string | null;
    bio: string | null;
    agencyName: string | null;
    agencyBio: string | null;
    badge: AgentBadge | null;
    numberOfEngagements: number;
    trackRecord: { confirmedSales: number; salesWithinRange: number; medianDeviationPercent: number } | null;
    reviewSummary: ReviewSummaryData;
    licence: AgentLicenceMarkData | null;
    profilePicture: { id: string; url: string | null; thumbnailUrl: string | null } | null;
    agencyLogo: { id: string; url: string | null; thumbnailUrl: string | null } | null;
  } | null;
  property: { id: string; state: PropertyState; completeType: CompleteType | null };
  /** The seller's own review of this appraisal (issue 21), if written. */
  review: { id: string; status: ReviewStatus } | null;
}

export const SellerAppraisalQuery = gql<{ propertyAppraisal: SellerAppraisal }, { id: string }>`
  query SellerPropertyAppraisal($id: ID!) {
    propertyAppraisal(id: $id) {
      ...AppraisalValuesFields
      agentMobileNumber
      appointmentRequestedBySeller
      appointmentCalendar {
        ics
        googleCalendarUrl
        startsAt
      }
      agent {
        id
        name
        bio
        agencyName
        agencyBio
        badge
        numberOfEngagements
        licence {
          id
          number
          state
          status
        }
        trackRecord {
          confirmedSales
          salesWithinRange
          medianDeviationPercent
        }
        reviewSummary {
          count
          averageRating
        }
        profilePicture {
          id
          url
          thumbnailUrl
        }
        agencyLogo {
          id
          url
          thumbnailUrl
        }
      }
      property {
        id
        state
        completeType
      }
      review {
        id
        status
      }
    }
  }
  ${AppraisalValuesFields}
`;

const RequestAppointmentMutation = gql<
  { requestAppointmentForAgentFromPropertyAppraisal: { id: string; appointmentRequestedBySeller: boolean } },
  { propertyAppraisalId: string; appointmentDate: string; appointmentTime: string }
>`
  mutation RequestAppointment($propertyAppraisalId: ID!, $appointmentDate: String, $appointmentTime: String) {
    requestAppointmentForAgentFromPropertyAppraisal(
      propertyAppraisalId: $propertyAppraisalId
      appointmentDate: $appointmentDate
      appointmentTime: $appointmentTime
    ) {
      id
      appointmentRequestedBySeller
    }
  }
`;
export const useRequestAppointment = () => useMutation(RequestAppointmentMutation);
