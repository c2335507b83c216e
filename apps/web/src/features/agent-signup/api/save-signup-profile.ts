/**
 * 'Save profile' on the sign-up profile step: the public profile and, when one was typed, the licence,
 * in one `updateAgentProfileDetails` call. It answers the licence now on file, for the message that it was received.
 */
import { graphql } from '@/generated/graphql';

export const SaveSignupProfileMutation = graphql(`
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
          ...AgentLicenceFields
        }
      }
    }
  }
`);
