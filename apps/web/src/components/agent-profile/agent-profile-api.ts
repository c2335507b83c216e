/**
 * The agent's own profile calls (spec 000 §7): `updateAgentProfileBasicDetails(name, mobileNumber)` and
 * `updateAgentProfileDetails(...)`, plus the profile as the forms need it. Both mutations answer the User, so the
 * signed-in user updates everywhere.
 */
import { gql } from 'urql';
import { CurrentUserFields, type CurrentUser } from '@/lib/current-user';
import { UserMediaFields, type UserMedia } from '@/components/media/media-api';

export interface AgentProfileDetails {
  id: string;
  name: string | null;
  bio: string | null;
  agencyName: string | null;
  agencyBio: string | null;
  agencyAbn: string | null;
  profilePicture: UserMedia | null;
  agencyLogo: UserMedia | null;
}

export interface AgentProfileUser extends CurrentUser {
  agentProfile: (NonNullable<CurrentUser['agentProfile']> & AgentProfileDetails) | null;
}

export const AgentProfileFields = gql`
  fragment AgentProfileFields on User {
    ...CurrentUserFields
    agentProfile {
      id
      name
      bio
      agencyName
      agencyBio
      agencyAbn
      profilePicture {
        ...UserMediaFields
      }
      agencyLogo {
        ...UserMediaFields
      }
    }
  }
  ${CurrentUserFields}
  ${UserMediaFields}
`;

export const AgentProfileQuery = gql<{ me: AgentProfileUser | null }, Record<string, never>>`
  query AgentProfile {
    me {
      ...AgentProfileFields
    }
  }
  ${AgentProfileFields}
`;

export const UpdateAgentProfileBasicDetailsMutation = gql<
  { updateAgentProfileBasicDetails: AgentProfileUser },
  { name: string; mobileNumber: string }
>`
  mutation UpdateAgentProfileBasicDetails($name: String!, $mobileNumber: String!) {
    updateAgentProfileBasicDetails(name: $name, mobileNumber: $mobileNumber) {
      ...AgentProfileFields
    }
  }
  ${AgentProfileFields}
`;

export const UpdateAgentProfileDetailsMutation = gql<
  { updateAgentProfileDetails: AgentProfileUser },
  {
    profilePictureUserMediaId: string;
    bio: string;
    agencyLogoUserMediaId: string;
    agencyName: string;
    agencyBio: string;
    agencyAbn: string | null;
  }
>`
  mutation UpdateAgentProfileDetails(
    $profilePictureUserMediaId: ID!
    $bio: String!
    $agencyLogoUserMediaId: ID!
    $agencyName: String!
    $agencyBio: String!
    $agencyAbn: String
  ) {
    updateAgentProfileDetails(
      profilePictureUserMediaId: $profilePictureUserMediaId
      bio: $bio
      agencyLogoUserMediaId: $agencyLogoUserMediaId
      agencyName: $agencyName
      agencyBio: $agencyBio
      agencyAbn: $agencyAbn
    ) {
      ...AgentProfileFields
    }
  }
  ${AgentProfileFields}
`;
