/** The seller's appraisal and appointment request (spec 001 §7 `propertyAppraisal`, `requestAppointmentForAgentFromPropertyAppraisal`). */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';
import type { ResultOf } from '@graphql-typed-document-node/core';
import type { SellerAppointmentRequestFieldsFragment } from '@/generated/graphql/graphql';

export type SellerAppointmentRequest = SellerAppointmentRequestFieldsFragment;

export type SellerAppraisal = NonNullable<ResultOf<typeof SellerAppraisalQuery>['propertyAppraisal']>;

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
/** the seller moves their appointment request or changes its note. */
export const useChangeAppointmentRequest = () => useMutation(ChangeAppointmentRequestMutation);

const CancelAppointmentRequestMutation = graphql(`
  mutation CancelAppointmentRequest($id: ID!) {
    cancelAppointmentRequest(id: $id) {
      ...SellerAppointmentRequestFields
    }
  }
`);
/** the seller cancels their appointment request. */
export const useCancelAppointmentRequest = () => useMutation(CancelAppointmentRequestMutation);
