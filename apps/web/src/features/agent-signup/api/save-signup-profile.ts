/**
 * 'Save profile' on the sign-up profile step (issue 23): the public profile and, when one was typed, the licence,
 * in one `updateAgentProfileDetails` call. It answers the licence now on file, for the message that it was received.
 */
import { gql } from 'urql';
import type { AustralianState } from '@listwise/domain/enums';
import { AgentProfileFields, type AgentProfileUser } from '@/components/agent-profile/agent-profile-api';
import type { OwnLicence } from '@/components/agent-profile/licence-form';

export const SaveSignupProfileMutation = gql<
  { updateAgentProfileDetails: AgentProfileUser & { agentProfile: { id: string; licence: OwnLicence | null } | null } },
  {
    profilePictureUserMediaId: string;
    bio: string;
    agencyLogoUserMediaId: string;
    agencyName: string;
    agencyBio: string;
    agencyAbn: string | null;
    licenceNumber?: string | null;
    licenceState?: AustralianState | null;
    licenseeName?: string | null;
    licenceExpiresOn?: string | null;
  }
>`
  mutation SaveSignupProfile(
    $profilePictureUserMediaId: ID!
    $bio: String!
    $agencyLogoUserMediaId: ID!
    $agencyName: String!
    $agencyBio: String!
    $agencyAbn: String
    $licenceNumber: String
    $licenceState: State
    $licenseeName: String
    $licenceExpiresOn: String
  ) {
    updateAgentProfileDetails(
      profilePictureUserMediaId: $profilePictureUserMediaId
      bio: $bio
      agencyLogoUserMediaId: $agencyLogoUserMediaId
      agencyName: $agencyName
      agencyBio: $agencyBio
      agencyAbn: $agencyAbn
      licenceNumber: $licenceNumber
      licenceState: $licenceState
      licenseeName: $licenseeName
      licenceExpiresOn: $licenceExpiresOn
    ) {
      ...AgentProfileFields
      agentProfile {
        id
        licence {
          id
          number
          state
          licenseeName
          status
          verifiedAt
          rejectionReason
          expiresOn
          verifiedUntil
          isVerified
          isExpired
        }
      }
    }
  }
  ${AgentProfileFields}
`;
