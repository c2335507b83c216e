/**
 * The agent's own profile calls (spec 000 §7): `updateAgentProfileBasicDetails(name, mobileNumber)` and
 * `updateAgentProfileDetails(...)`, plus the profile as the forms need it. Both mutations answer the User, so the
 * signed-in user updates everywhere.
 */
import { graphql } from '@/generated/graphql';
import type { AgentProfileFieldsFragment } from '@/generated/graphql/graphql';

export type AgentProfileDetails = NonNullable<AgentProfileUser['agentProfile']>;

/** The agent as `AgentProfileFields` selects it: the signed-in user and the profile the forms edit. */
export type AgentProfileUser = AgentProfileFieldsFragment;

export const AgentProfileFields = graphql(`
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
`);

export const AgentProfileQuery = graphql(`
  query AgentProfile {
    me {
      ...AgentProfileFields
    }
  }
`);

export const UpdateAgentProfileBasicDetailsMutation = graphql(`
  mutation UpdateAgentProfileBasicDetails($name: String!, $mobileNumber: String!) {
    updateAgentProfileBasicDetails(name: $name, mobileNumber: $mobileNumber) {
      ...AgentProfileFields
    }
  }
`);

export const UpdateAgentProfileDetailsMutation = graphql(`
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
`);
