/** The seller's appraisal and appointment request (spec 001 §7 `propertyAppraisal`, `requestAppointmentForAgentFromPropertyAppraisal`). */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';
import type { AgentBadge, CompleteType, PropertyState } from '@listwise/domain/enums';
import type { AgentLicenceMarkData } from '@/components/agent-profile/licence-mark';
import type { ReviewStatus } from '@listwise/domain/reviews';
import { type AppraisalValues } from '@/components/appraisal/appraisal-fields';
import type { ReviewSummaryData } from '@/components/reviews/review-fields';

export interface SellerAppointmentRequest {
  id: string;
  requestedAppointmentDate: string;
  requestedAppointmentTime: string;
  note: string | null;
  cancelledAt: string | null;
  cancelledBy: 'SELLER' | 'PROPERTY_COMPLETED' | null;
  calendar: { ics: string; googleCalendarUrl: string };
}

export interface SellerAppraisal extends AppraisalValues {
  agentMobileNumber: string | null;
  appointmentRequestedBySeller: boolean;
  /** The latest appointment the seller requested from this appraisal, open or cancelled (issue 23). */
  appointmentRequest: SellerAppointmentRequest | null;
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
  property: { id: string; state: PropertyState; completeType: CompleteType | null; suburb: { id: string; state: string } | null };
  /** The seller's own review of this appraisal (issue 21), if written. */
  review: { id: string; status: ReviewStatus } | null;
}

export const SellerAppointmentRequestFields = graphql(`
  fragment SellerAppointmentRequestFields on AppointmentRequest {
    id
    requestedAppointmentDate
    requestedAppointmentTime
    note
    cancelledAt
    cancelledBy
    calendar {
      ics
      googleCalendarUrl
    }
  }
`);

export const SellerAppraisalQuery = graphql(`
  query SellerPropertyAppraisal($id: ID!) {
    propertyAppraisal(id: $id) {
      ...AppraisalValuesFields
      agentMobileNumber
      appointmentRequestedBySeller
      appointmentRequest {
        ...SellerAppointmentRequestFields
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
        suburb {
          id
          state
        }
      }
      review {
        id
        status
      }
    }
  }
`);

const RequestAppointmentMutation = graphql(`
  mutation RequestAppointment($propertyAppraisalId: ID!, $appointmentDate: String, $appointmentTime: String, $note: String) {
    requestAppointmentForAgentFromPropertyAppraisal(
      propertyAppraisalId: $propertyAppraisalId
      appointmentDate: $appointmentDate
      appointmentTime: $appointmentTime
      note: $note
    ) {
      id
      appointmentRequestedBySeller
      appointmentRequest {
        ...SellerAppointmentRequestFields
      }
    }
  }
`);
export const useRequestAppointment = () => useMutation(RequestAppointmentMutation);

const ChangeAppointmentRequestMutation = graphql(`
  mutation ChangeAppointmentRequest($id: ID!, $appointmentDate: String, $appointmentTime: String, $note: String) {
    changeAppointmentRequest(id: $id, appointmentDate: $appointmentDate, appointmentTime: $appointmentTime, note: $note) {
      ...SellerAppointmentRequestFields
    }
  }
`);
/** Issue 23: the seller moves their appointment request or changes its note. */
export const useChangeAppointmentRequest = () => useMutation(ChangeAppointmentRequestMutation);

const CancelAppointmentRequestMutation = graphql(`
  mutation CancelAppointmentRequest($id: ID!) {
    cancelAppointmentRequest(id: $id) {
      ...SellerAppointmentRequestFields
    }
  }
`);
/** Issue 23: the seller cancels their appointment request. */
export const useCancelAppointmentRequest = () => useMutation(CancelAppointmentRequestMutation);
