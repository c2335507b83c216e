import crypto from 'node:crypto';
import type { ErrorCode } from '@listwise/domain/errors';
import { calendarDateIn } from '@listwise/domain/time-zones';
import { BANK } from '../modules/sales/test-factories.ts';
import { ROLE_NAMES, ROLES, type Role, type World } from './authorisation-world.ts';
import { PASSWORD } from './factories.ts';
import { CURRENT_TERMS_VERSION } from '../modules/accounts/terms.ts';

/**
 * The authorisation matrix: for every query and mutation of the printed schema, what it is called on
 * (seller A's objects, see authorisation-world.ts) and what each role gets: `ok` or the catalogue code of the
 * refusal. authorisation-matrix.test.ts runs every cell against a real server and fails for an operation without a
 * row; `npm run generate` prints this table to docs/authorisation.md.
 *
 * The house rules (docs/development.md): no session → `unauthorized`; the wrong role → `forbidden`; the right role
 * but not yours → `not_found` (nobody learns that someone else's object exists).
 */
export type Outcome = 'ok' | ErrorCode;
export type Expected = Record<Role, Outcome>;

export interface MatrixRow {
  /** What the call is made on, in words (the docs column). */
  object: string;
  /** The arguments, per role where it differs (an agent's own request on A's property, say). */
  args?: (world: World, role: Role) => Record<string, unknown>;
  expected: Expected;
  /** A call that changes its object: each role expected `ok` gets a world of its own. */
  changesState?: boolean;
}

const every = (outcome: Outcome): Expected => Object.fromEntries(ROLES.map((role) => [role, outcome])) as Expected;
const anyone = every('ok');
const signedIn = (overrides: Partial<Expected> = {}): Expected => ({ ...every('ok'), anonymous: 'unauthorized', ...overrides });
const operatorOnly = (outcome: Outcome = 'ok'): Expected => ({ ...every('forbidden'), anonymous: 'unauthorized', operator: outcome });
/** A seller's call: seller A on A's object; other sellers (the ghost too) find nothing. */
const sellerAs = (overrides: Partial<Expected> = {}): Expected => ({
  ...every('forbidden'),
  anonymous: 'unauthorized',
  ghost: 'not_found',
  sellerA: 'ok',
  sellerB: 'not_found',
  ...overrides,
});
/** An agent's call: agent A on their own object on A's property; other agents find nothing. */
const agentAs = (overrides: Partial<Expected> = {}): Expected => ({
  ...every('forbidden'),
  anonymous: 'unauthorized',
  agentA: 'ok',
  agentB: 'not_found',
  agentC: 'not_found',
  ...overrides,
});
/** Seller A's own upload: anyone else signed in finds nothing. */
const uploaderOnly: Expected = { ...every('not_found'), anonymous: 'unauthorized', sellerA: 'ok' };
const anySeller = sellerAs({ ghost: 'ok', sellerB: 'ok' });
const anyAgent = agentAs({ agentB: 'ok', agentC: 'ok' });

/** The request of A's property addressed to the calling agent (agent B's for agent B), else agent A's. */
const ownRequest = (world: World, role: Role) => (role === 'agentB' ? world.requestB : world.requestA);
const page = { first: 5 };
const newEmail = () => `new.${crypto.randomBytes(5).toString('hex')}@example.com`;

export const AUTHORISATION_MATRIX: Record<string, MatrixRow> = {
  // ——— public ———
  createAgentUser: { object: 'a new e-mail', args: () => ({ email: newEmail(), password: 'correct-horse-battery' }), expected: anyone },
  createGhostUser: { object: '—', expected: anyone },
  getSuburbFromSearch: { object: 'Bondi', args: () => ({ suburbs: [{ name: 'Bondi', state: 'NSW' }] }), expected: anyone },
  getUserByToken: {
    object: 'a continue token never issued',
    args: () => ({ continueToken: 'never-issued' }),
    expected: every('invalid_token'),
  },
  leadFee: { object: '—', expected: anyone },
  listwiseFees: { object: '—', expected: anyone },
  listingPrefill: { object: 'a hash never made', args: () => ({ hash: 'not-a-hash' }), expected: anyone },
  login: {
    object: "seller A's e-mail and password",
    args: (w) => ({ email: w.sellerAEmail, password: 'correct-horse-battery' }),
    expected: anyone,
  },
  me: { object: 'the caller', expected: anyone },
  currentTermsVersion: { object: '—', expected: anyone },
  confirmAccountDeletion: {
    object: 'a link to close an account never issued',
    args: () => ({ accountDeletionToken: 'never-issued' }),
    expected: every('invalid_token'),
  },
  paymentGatewayConfig: { object: '—', expected: anyone },
  searchAddresses: { object: "'14 Campbell'", args: () => ({ query: '14 Campbell' }), expected: anyone },
  searchSuburbs: { object: "'Bon'", args: () => ({ query: 'Bon' }), expected: anyone },
  sendContinueEmail: {
    object: "seller A's e-mail (verified already)",
    args: (w) => ({ email: w.sellerAEmail }),
    expected: every('user_invalid_or_already_verified'),
  },
  sendPasswordResetEmail: { object: "seller A's e-mail", args: (w) => ({ email: w.sellerAEmail }), expected: anyone },
  socialSignInProviders: { object: '—', expected: anyone },
  startSocialSignIn: { object: 'Google', args: () => ({ provider: 'GOOGLE' }), expected: anyone },
  staticCashbackAmount: { object: '—', expected: anyone },
  suburbs: { object: 'Bondi', args: (w) => ({ ids: [w.suburbId] }), expected: anyone },
  updateUserPasswordWithResetToken: {
    object: 'seller A, with a reset token never issued',
    args: (w) => ({ userId: w.userIds.sellerA, passwordResetToken: 'never-issued', password: 'another-long-password' }),
    expected: every('invalid_password_reset_token'),
  },
  verifyEmail: {
    object: 'a verification token never issued',
    args: () => ({ emailVerificationToken: 'never-issued' }),
    expected: every('invalid_token'),
  },
  unsubscribeLink: {
    object: 'an unsubscribe link Listwise never signed',
    args: () => ({ token: `${crypto.randomUUID()}.not-a-signature` }),
    expected: every('unsubscribe_link_invalid'),
  },
  unsubscribeWithLink: {
    object: 'an unsubscribe link Listwise never signed',
    args: () => ({ token: `${crypto.randomUUID()}.not-a-signature` }),
    expected: every('unsubscribe_link_invalid'),
  },
  undoEmailChange: {
    object: 'an undo link of an e-mail change never issued',
    args: () => ({ emailChangeUndoToken: 'never-issued' }),
    expected: every('invalid_token'),
  },

  // ——— any signed-in user ———
  createUserMedia: { object: 'a new JPEG upload', args: () => ({ fileExtension: 'jpg', mimeType: 'image/jpeg' }), expected: signedIn() },
  logout: { object: "the caller's session", expected: signedIn() },
  acceptTerms: {
    object: "the caller's acceptance of the current terms",
    args: () => ({ version: CURRENT_TERMS_VERSION }),
    expected: signedIn(),
  },
  deleteMyAccount: {
    object: "the caller's own account (A and agent A have a sale not yet confirmed; the ghost has no password)",
    args: () => ({ password: PASSWORD }),
    expected: signedIn({
      ghost: 'account_has_no_password',
      sellerA: 'sale_awaiting_confirmation',
      agentA: 'sale_awaiting_confirmation',
      operator: 'forbidden',
    }),
    changesState: true,
  },
  requestAccountDeletionEmail: {
    object: "the caller's own account (every one here has a password, or no e-mail)",
    expected: { ...every('invalid_state'), anonymous: 'unauthorized', operator: 'forbidden' },
  },
  resendVerificationEmail: {
    object: "the caller's own e-mail (already verified, or none)",
    expected: { ...every('user_invalid_or_already_verified'), anonymous: 'unauthorized' },
  },
  addPushDevice: {
    object: "the caller's browser (a push subscription of its own)",
    args: () => ({
      input: {
        endpoint: `https://push.example.com/send/${crypto.randomUUID()}`,
        p256dh: Buffer.concat([Buffer.from([4]), crypto.randomBytes(64)]).toString('base64url'),
        auth: crypto.randomBytes(16).toString('base64url'),
        browser: 'Chrome on Android',
        timeZone: 'Australia/Sydney',
      },
    }),
    expected: signedIn(),
    changesState: true,
  },
  removePushDevice: {
    object: 'a device that is not the caller’s',
    args: () => ({ id: crypto.randomUUID() }),
    expected: { ...every('not_found'), anonymous: 'unauthorized' },
  },
  updatePushPreference: {
    object: "the caller's switch for a seller's optional kind",
    args: () => ({ kind: 'APPOINTMENT_CONFIRMED', enabled: true }),
    expected: signedIn({
      agentA: 'validation_failed',
      agentB: 'validation_failed',
      agentC: 'validation_failed',
      operator: 'validation_failed',
    }),
  },
  updateQuietHours: {
    object: "the caller's quiet hours",
    args: () => ({ enabled: true, start: '21:00', end: '07:00', timeZone: 'Australia/Sydney' }),
    expected: signedIn(),
  },
  updateEmailPreference: {
    object: "the caller's e-mail preference",
    args: () => ({ category: 'REMINDERS', enabled: true }),
    expected: signedIn(),
  },
  updateUserPassword: {
    object: "the caller's password (with the current one; the ghost has none)",
    args: () => ({ password: 'another-long-password', currentPassword: PASSWORD }),
    expected: signedIn(),
  },
  completeUserMediaUpload: {
    object: "A's uploaded image",
    args: (w) => ({ id: w.sellerMediaId }),
    expected: uploaderOnly,
  },
  userMedia: {
    object: "A's uploaded image",
    args: (w) => ({ id: w.sellerMediaId }),
    expected: uploaderOnly,
  },

  // ——— sellers ———
  agentsForProperty: { object: "A's draft property", args: (w) => ({ propertyId: w.draftPropertyId }), expected: sellerAs() },
  currentDraftProperty: { object: "the caller's draft", expected: anySeller },
  myProperties: { object: "the caller's properties", args: () => page, expected: anySeller },
  startNewDraftProperty: {
    object: 'a new draft in Bondi',
    args: (w) => ({ streetName: 'Hall Street', streetNumber: '5', suburbId: w.suburbId }),
    expected: anySeller,
  },
  updateUserDetails: { object: "the caller's name", args: () => ({ name: 'Sam Seller' }), expected: signedIn() },
  verifySocialSignIn: {
    object: 'a Google credential (no provider configured)',
    args: () => ({ provider: 'GOOGLE', credential: 'x', nonce: 'y' }),
    expected: sellerAs({ ghost: 'social_sign_in_failed', sellerA: 'social_sign_in_failed', sellerB: 'social_sign_in_failed' }),
  },
  attachUserMediaToDraftProperty: {
    object: "A's draft property and A's image",
    args: (w) => ({ propertyId: w.draftPropertyId, propertyMediaType: 'PHOTO', userMediaId: w.sellerMediaId }),
    expected: sellerAs(),
    changesState: true,
  },
  removePropertyMediaFromDraftProperty: {
    object: "the photo of A's draft property",
    args: (w) => ({ propertyMediaId: w.draftPhotoId }),
    expected: sellerAs(),
    changesState: true,
  },
  reorderDraftPropertyMedia: {
    object: "A's draft property",
    args: (w) => ({ propertyId: w.draftPropertyId, propertyMediaIds: [w.draftPhotoId] }),
    expected: sellerAs(),
    changesState: true,
  },
  updatePropertyDetails: {
    object: "A's draft property",
    args: (w) => ({ propertyId: w.draftPropertyId, propertyDetails: { numberOfBedrooms: 3 } }),
    expected: sellerAs(),
    changesState: true,
  },
  updatePropertySaleInformation: {
    object: "A's draft property",
    args: (w) => ({
      propertyId: w.draftPropertyId,
      propertySaleInformation: {
        areYouThePropertyOwner: 'YES',
        estimatedSaleValueRange: 'FROM_1M_TO_1_5M',
        idealTimeframeOfSale: 'ONE_TO_THREE_MONTHS',
        preferredMethodOfSale: 'AUCTION',
      },
    }),
    expected: sellerAs(),
    changesState: true,
  },
  updatePropertyType: {
    object: "A's draft property",
    args: (w) => ({ propertyId: w.draftPropertyId, propertyType: 'HOUSE' }),
    expected: sellerAs(),
    changesState: true,
  },
  publishProperty: {
    object: "A's draft property (details not filled in), asking agent A",
    args: (w) => ({ propertyId: w.draftPropertyId, selectedAgents: [w.userIds.agentA] }),
    // Publishing first needs the caller's verified e-mail: a ghost is stopped there, before any property is looked up.
    expected: sellerAs({ ghost: 'email_not_verified', sellerA: 'required_questions_not_answered' }),
    changesState: true,
  },
  propertyCompletedWithoutListwise: {
    object: "A's active property",
    args: (w) => ({ propertyId: w.propertyId, completeType: 'DECIDED_NOT_TO_SELL' }),
    expected: sellerAs(),
    changesState: true,
  },
  updatePublishedProperty: {
    object: "A's active property",
    args: (w) => ({ propertyId: w.propertyId, changes: { numberOfBedrooms: 3 } }),
    expected: sellerAs(),
    changesState: true,
  },
  attachUserMediaToPublishedProperty: {
    object: "A's active property and A's image",
    args: (w) => ({ propertyId: w.propertyId, propertyMediaType: 'PHOTO', userMediaId: w.sellerMediaId }),
    expected: sellerAs(),
    changesState: true,
  },
  removePropertyMediaFromPublishedProperty: {
    object: "the photo of A's active property",
    args: (w) => ({ propertyMediaId: w.activePhotoId }),
    expected: sellerAs(),
    changesState: true,
  },
  requestAppraisalsFromMoreAgents: {
    object: "A's active property, asking agent C again (not asked, but serving no suburb: seller A learns nothing more)",
    args: (w) => ({ propertyId: w.propertyId, selectedAgents: [w.userIds.agentC] }),
    expected: sellerAs({ sellerA: 'not_found' }),
  },
  askToBeToldWhenAgentJoins: {
    object: "A's active property (agents of its suburb are still to ask, so the page offers them instead)",
    args: (w) => ({ propertyId: w.propertyId }),
    expected: sellerAs({ sellerA: 'invalid_state' }),
  },
  relistProperty: {
    object: "A's active property (only a withdrawn one can be listed again)",
    args: (w) => ({ propertyId: w.propertyId }),
    expected: sellerAs({ sellerA: 'invalid_state' }),
  },
  withdrawProperty: {
    object: "A's active property",
    args: (w) => ({ propertyId: w.propertyId, completeType: 'DECIDED_NOT_TO_SELL' }),
    expected: sellerAs(),
    changesState: true,
  },
  propertySoldThroughListwise: {
    object: "A's active property, sold through agent A",
    args: (w) => ({ propertyId: w.propertyId, sellingAgentId: w.userIds.agentA, ...BANK }),
    expected: sellerAs(),
    changesState: true,
  },
  requestAppointmentForAgentFromPropertyAppraisal: {
    object: "agent A's appraisal of A's property (an appointment already requested)",
    args: (w) => ({ propertyAppraisalId: w.appraisalA, appointmentDate: '2030-03-05', appointmentTime: '11:00:00' }),
    expected: sellerAs({ sellerA: 'appointment_already_requested_with_this_agent' }),
  },
  changeAppointmentRequest: {
    object: "A's appointment request to agent A",
    args: (w) => ({ id: w.appointmentRequestId, appointmentDate: '2030-03-05', appointmentTime: '11:00:00', note: 'Afternoon instead' }),
    expected: sellerAs(),
    changesState: true,
  },
  cancelAppointmentRequest: {
    object: "A's appointment request to agent A",
    args: (w) => ({ id: w.appointmentRequestId }),
    expected: sellerAs(),
    changesState: true,
  },

  // ——— seller and agents of the property ———
  // Agents read a property through their request (propertyAppraisalRequest), never by its id.
  property: { object: "A's active property", args: (w) => ({ id: w.propertyId }), expected: sellerAs() },
  propertyAppraisal: {
    object: "agent A's appraisal of A's property",
    args: (w) => ({ id: w.appraisalA }),
    // Operators read sent appraisals (the console); a draft only its agent.
    expected: signedIn({ ghost: 'not_found', sellerB: 'not_found', agentB: 'not_found', agentC: 'not_found' }),
  },

  // ——— agents ———
  myAgentSuburbSubscriptionFreeTrialState: { object: "the caller's free trials", expected: anyAgent },
  myAppointmentRequests: { object: "the caller's appointment requests", args: () => page, expected: anyAgent },
  myCompleteAppraisalRequests: { object: "the caller's answered requests", args: () => page, expected: anyAgent },
  myDefaultPaymentMethod: { object: "the caller's card", expected: anyAgent },
  myCharges: { object: "the caller's charges", args: () => page, expected: anyAgent },
  myPendingAppraisalRequests: { object: "the caller's pending requests", args: () => page, expected: anyAgent },
  myResponseTimes: { object: "the caller's own answers and their suburbs' medians", expected: anyAgent },
  mySubscribedSuburbs: { object: "the caller's suburbs", expected: anyAgent },
  mySignupSuburbSelection: { object: "the caller's sign-up choice of suburbs", expected: anyAgent },
  unreadAppointmentRequestsCount: { object: "the caller's appointment requests", expected: anyAgent },
  unseenAppraisalRequestsCount: { object: "the caller's requests", expected: anyAgent },
  stripeCreateSetupIntent: { object: "the caller's card set-up", expected: anyAgent },
  stripeConfirmPaymentMethod: {
    object: "the caller's new card",
    args: () => ({ stripePaymentMethodId: 'pm_card_visa' }),
    expected: anyAgent,
  },
  updateAgentLicence: {
    object: "the caller's licence",
    args: () => ({ licenceNumber: '1234567', licenceState: 'NSW', licenceExpiresOn: '2030-06-30' }),
    expected: anyAgent,
  },
  updateAgentProfileBasicDetails: {
    object: "the caller's profile",
    args: () => ({ name: 'Olivia Agent', mobileNumber: '0412 345 678' }),
    expected: anyAgent,
  },
  setAgentPublicProfileVisible: {
    object: "the caller's profile",
    args: () => ({ visible: true }),
    expected: anyAgent,
    changesState: true,
  },
  saveSignupSuburbSelection: {
    object: "the caller's sign-up choice of suburbs (Coogee)",
    args: (w) => ({ suburbIds: [w.otherSuburbId] }),
    expected: anyAgent,
    changesState: true,
  },
  subscribeToSuburbs: { object: 'Coogee', args: (w) => ({ suburbIds: [w.otherSuburbId] }), expected: anyAgent, changesState: true },
  updateAgentProfileDetails: {
    object: "the caller's profile, with agent A's image",
    args: (w) => ({
      agencyBio: 'A family agency.',
      agencyName: 'Harbour Realty',
      bio: 'Ten years in the east.',
      agencyLogoUserMediaId: w.agentMediaId,
      profilePictureUserMediaId: w.agentMediaId,
    }),
    expected: agentAs(),
    changesState: true,
  },
  propertyAppraisalRequest: {
    object: "the caller's request on A's property (else agent A's)",
    args: (w, role) => ({ id: ownRequest(w, role) }),
    expected: agentAs({ agentB: 'ok' }),
  },
  propertyAppraisalRequestSeenByAgent: {
    object: "the caller's request on A's property (else agent A's)",
    args: (w, role) => ({ id: ownRequest(w, role) }),
    expected: agentAs({ agentB: 'ok' }),
    changesState: true,
  },
  declinePropertyAppraisalRequest: {
    object: "the caller's request on A's property (agent A's is answered already, agent B's pending)",
    args: (w, role) => ({ id: ownRequest(w, role), reason: 'TOO_BUSY' }),
    expected: agentAs({ agentA: 'invalid_state', agentB: 'ok' }),
    changesState: true,
  },
  acceptPaymentCondition: {
    object: "the caller's request on A's property (else agent A's)",
    args: (w, role) => ({ id: ownRequest(w, role) }),
    expected: agentAs({ agentB: 'ok' }),
    changesState: true,
  },
  startNewDraftPropertyAppraisal: {
    object: "the caller's request on A's property (else agent A's)",
    args: (w, role) => ({ propertyAppraisalRequestId: ownRequest(w, role) }),
    // Agent A's request is answered already; agent B has not accepted the condition yet.
    expected: agentAs({ agentA: 'invalid_state', agentB: 'invalid_state' }),
  },
  appointmentRequestSeenByAgent: {
    object: "A's appointment request to agent A",
    args: (w) => ({ id: w.appointmentRequestId }),
    expected: agentAs(),
    changesState: true,
  },
  propertySale: { object: "A's sale through agent A", args: (w) => ({ id: w.saleId }), expected: agentAs() },
  confirmPropertySale: {
    object: "A's sale through agent A",
    // The property was listed today: today (in Bondi's zone) is the one contract date surely accepted.
    args: (w) => ({ id: w.saleId, salePrice: 1_250_000, contractDate: calendarDateIn(new Date(), 'Australia/Sydney') }),
    expected: agentAs(),
    changesState: true,
  },
  disputePropertySale: {
    object: "A's sale through agent A",
    args: (w) => ({ id: w.saleId, reason: 'Not my sale.' }),
    expected: agentAs(),
    changesState: true,
  },
  taxInvoice: { object: "agent A's tax invoice", args: (w) => ({ id: w.taxInvoiceA }), expected: agentAs() },
  updateDraftPropertyAppraisalAdditionalNotes: {
    object: "agent A's draft appraisal of A's property",
    args: (w) => ({ propertyAppraisalId: w.draftAppraisalA, additionalNotes: 'Strong demand.' }),
    expected: agentAs(),
    changesState: true,
  },
  updateDraftPropertyAppraisalCommission: {
    object: "agent A's draft appraisal of A's property",
    args: (w) => ({ propertyAppraisalId: w.draftAppraisalA, commissionType: 'PERCENTAGE', percentageRate: 2.2 }),
    expected: agentAs(),
    changesState: true,
  },
  updateDraftPropertyAppraisalComparableSales: {
    object: "agent A's draft appraisal of A's property",
    args: (w) => ({ propertyAppraisalId: w.draftAppraisalA, comparableSales: [{ address: '1 Hall St', salePriceDollars: 1_100_000 }] }),
    expected: agentAs(),
    changesState: true,
  },
  updateDraftPropertyAppraisalMarketingFee: {
    object: "agent A's draft appraisal of A's property",
    args: (w) => ({ propertyAppraisalId: w.draftAppraisalA, costDollars: 4500, marketingInclusions: ['Photography'] }),
    expected: agentAs(),
    changesState: true,
  },
  updateDraftPropertyAppraisalSellingRange: {
    object: "agent A's draft appraisal of A's property",
    args: (w) => ({ propertyAppraisalId: w.draftAppraisalA, sellingRangeMin: 1_200_000, sellingRangeMax: 1_300_000 }),
    expected: agentAs(),
    changesState: true,
  },
  updateDraftPropertyAppraisalVideo: {
    object: "agent A's draft appraisal of A's property, without a video",
    args: (w) => ({ propertyAppraisalId: w.draftAppraisalA, videoUserMediaId: null }),
    expected: agentAs(),
    changesState: true,
  },
  submitPropertyAppraisal: {
    object: "agent A's draft appraisal of A's property (steps not filled in)",
    args: (w) => ({ propertyAppraisalId: w.draftAppraisalA }),
    expected: agentAs({ agentA: 'required_questions_not_answered' }),
  },
  cancelSuburbSubscription: {
    object: "agent A's subscription in Bondi",
    args: (w) => ({ suburbSubscriptionId: w.subscriptionA }),
    expected: agentAs(),
    changesState: true,
  },
  renewSuburbSubscription: {
    object: "agent A's subscription in Bondi",
    args: (w) => ({ suburbSubscriptionId: w.subscriptionA }),
    expected: agentAs(),
    changesState: true,
  },

  // ——— agent reviews ———
  submitAgentReview: {
    object: "agent A's appraisal of A's sold property",
    args: (w) => ({ propertyAppraisalId: w.soldAppraisalA, rating: 5, text: 'Honest price guide and kept us informed every week.' }),
    expected: sellerAs(),
    changesState: true,
  },
  updateAgentReview: {
    object: "A's review of agent A",
    args: (w) => ({ reviewId: w.reviewA, rating: 3, text: 'Honest price guide, though slow to call back at times.' }),
    expected: sellerAs(),
    changesState: true,
  },
  replyToAgentReview: {
    object: "A's review of agent A",
    args: (w) => ({ reviewId: w.reviewA, text: 'Thank you, it was a pleasure.' }),
    expected: agentAs(),
    changesState: true,
  },
  reportAgentReview: {
    object: "A's review of agent A",
    args: (w) => ({ reviewId: w.reviewA, reason: 'NOT_ABOUT_THE_SERVICE' }),
    expected: agentAs(),
    changesState: true,
  },
  // Agent A has no public profile in the world: only those who may see the agent read their reviews (the agent, the
  // sellers who asked or could ask them, operators).
  agentReviews: {
    object: "agent A's published reviews",
    args: (w) => ({ agentId: w.userIds.agentA, ...page }),
    expected: { ...anyone, anonymous: 'not_found', agentB: 'not_found', agentC: 'not_found' },
  },
  myAgentReviews: { object: "the caller's reviews", args: () => page, expected: anyAgent },

  // ——— operators ———
  adminReviewsToModerate: { object: 'held and reported reviews', args: () => page, expected: operatorOnly() },
  moderateAgentReview: {
    object: "A's review of agent A",
    args: (w) => ({ reviewId: w.reviewA, publish: false, reason: 'OFFENSIVE' }),
    expected: operatorOnly(),
    changesState: true,
  },
  adminAgent: { object: 'agent A', args: (w) => ({ id: w.userIds.agentA }), expected: operatorOnly() },
  adminAgents: { object: 'all agents', args: () => page, expected: operatorOnly() },
  adminAuditLog: { object: 'the audit log', args: () => page, expected: operatorOnly() },
  adminOperators: { object: 'the operators', expected: operatorOnly() },
  adminCashbackClaims: { object: 'all cashback claims', args: () => page, expected: operatorOnly() },
  adminCharges: { object: 'the ledger', args: () => page, expected: operatorOnly() },
  adminLicencesToCheck: { object: 'licences to check', args: () => page, expected: operatorOnly() },
  adminMoneyNeedingAttention: { object: 'refunds waiting for an operator', expected: operatorOnly() },
  adminPropertySales: { object: 'all sales', args: () => page, expected: operatorOnly() },
  adminListingsAwaitingVerification: { object: 'listings awaiting verification', args: () => page, expected: operatorOnly() },
  adminSettings: { object: 'the settings', expected: operatorOnly() },
  adminStuckEmails: { object: 'e-mails stuck in SENDING', args: () => page, expected: operatorOnly() },
  cashbackPayoutBatches: { object: 'the payout batches', args: () => page, expected: operatorOnly() },
  adminSuburbSubscriptions: {
    object: 'subscriptions in Bondi',
    args: (w) => ({ ...page, suburbId: w.suburbId }),
    expected: operatorOnly(),
  },
  adminSuburbs: { object: 'suburbs', args: () => page, expected: operatorOnly() },
  verifyListing: {
    object: "A's active property (listed by its owner: nothing to verify)",
    args: (w) => ({ propertyId: w.propertyId }),
    expected: operatorOnly('invalid_state'),
  },
  rejectListing: {
    object: "A's active property (listed by its owner: nothing to verify)",
    args: (w) => ({ propertyId: w.propertyId, reason: 'Not the owner.' }),
    expected: operatorOnly('invalid_state'),
  },
  cancelSuburbSubscriptionAsAdmin: {
    object: "agent A's subscription in Bondi",
    args: (w) => ({ suburbSubscriptionId: w.subscriptionA }),
    expected: operatorOnly(),
    changesState: true,
  },
  markCashbackClaimPaid: {
    object: "A's cashback claim (sale not yet confirmed)",
    args: (w) => ({ cashbackClaimId: w.cashbackClaimId }),
    expected: operatorOnly('invalid_state'),
  },
  downloadCashbackPayouts: {
    // A wrong password: the operator gets as far as the password check; nobody else gets that far.
    object: 'the payable cashback claims, with a wrong password',
    args: () => ({ password: 'not-the-password', format: 'CSV' }),
    expected: operatorOnly('incorrect_password'),
  },
  downloadCashbackPayoutBatch: {
    object: 'a payout batch that does not exist',
    args: () => ({ batchId: crypto.randomUUID(), password: 'not-the-password', format: 'CSV' }),
    expected: operatorOnly('not_found'),
  },
  markCashbackPayoutBatchPaid: {
    object: 'a payout batch that does not exist',
    args: () => ({ batchId: crypto.randomUUID() }),
    expected: operatorOnly('not_found'),
  },
  returnCashbackClaimToPayable: {
    object: "A's cashback claim (not in a payout batch)",
    args: (w) => ({ cashbackClaimId: w.cashbackClaimId, reason: 'The bank rejected it' }),
    expected: operatorOnly('invalid_state'),
  },
  waiveLeadFee: {
    object: "A's sale (lead fee not due yet)",
    args: (w) => ({ propertySaleId: w.saleId, reason: 'Goodwill' }),
    expected: operatorOnly('invalid_state'),
  },
  settleUnansweredPropertySale: {
    object: "A's sale (reported today, not yet unanswered)",
    args: (w) => ({ propertySaleId: w.saleId, outcome: 'SALE_VOID', reason: 'The agent never answered' }),
    expected: operatorOnly('invalid_state'),
  },
  moderateReviewReply: {
    object: 'a review that does not exist',
    args: () => ({ reviewId: crypto.randomUUID(), publish: false, reason: 'OFFENSIVE' }),
    expected: operatorOnly('not_found'),
  },
  settleDisputedPropertySale: {
    object: "A's sale (not disputed)",
    args: (w) => ({ propertySaleId: w.saleId, outcome: 'SALE_VOID', reason: 'Not a Listwise sale' }),
    expected: operatorOnly('invalid_state'),
  },
  resendStuckEmail: {
    object: 'an e-mail that does not exist',
    args: () => ({ emailId: crypto.randomUUID() }),
    expected: operatorOnly('not_found'),
  },
  markStuckEmailSent: {
    object: 'an e-mail that does not exist',
    args: () => ({ emailId: crypto.randomUUID() }),
    expected: operatorOnly('not_found'),
  },
  retryChargeRefund: {
    object: 'a charge that owes no refund',
    args: () => ({ chargeId: '00000000-0000-4000-8000-000000000000' }),
    expected: operatorOnly('not_found'),
  },
  retryLeadFeeCharge: {
    object: "A's sale (lead fee not due yet)",
    args: (w) => ({ propertySaleId: w.saleId }),
    expected: operatorOnly('invalid_state'),
  },
  setSuburbSubscribedAgentsMax: {
    object: 'Coogee',
    args: (w) => ({ suburbId: w.otherSuburbId, subscribedAgentsMax: 100 }),
    expected: operatorOnly(),
    changesState: true,
  },
  setSuburbSubscriptionManuallyManaged: {
    object: "agent A's subscription in Bondi",
    args: (w) => ({ suburbSubscriptionId: w.subscriptionA, isManuallyManaged: true }),
    expected: operatorOnly(),
    changesState: true,
  },
  updateSettings: {
    object: 'the settings',
    args: () => ({ staticCashbackAmount: 500, totalFreeTrialsAllowed: 1, leadFeeExcludingGst: 1000 }),
    expected: operatorOnly(),
    changesState: true,
  },
  suspendAgent: {
    object: 'agent A',
    args: (w) => ({ agentId: w.userIds.agentA, reason: 'Sellers reported missed appointments.' }),
    expected: operatorOnly(),
    changesState: true,
  },
  liftAgentSuspension: {
    object: 'agent A (not suspended)',
    args: (w) => ({ agentId: w.userIds.agentA }),
    expected: operatorOnly('invalid_state'),
  },
  verifyAgentLicence: {
    object: "agent A's licence",
    args: (w) => ({ agentId: w.userIds.agentA, approved: true }),
    expected: operatorOnly(),
    changesState: true,
  },
};

/** docs/authorisation.md: the matrix as a Markdown table, one row per operation in the order of the schema. */
export function authorisationMarkdown(operations: { kind: string; name: string }[]): string {
  const header = `| operation | called on | ${ROLES.map((role) => ROLE_NAMES[role]).join(' | ')} |`;
  const rule = `|---|---|${ROLES.map(() => '---').join('|')}|`;
  const rows = operations.map(({ kind, name }) => {
    const row = AUTHORISATION_MATRIX[name];
    const cells = ROLES.map((role) => (row ? (row.expected[role] === 'ok' ? 'ok' : `\`${row.expected[role]}\``) : '?'));
    return `| ${kind} \`${name}\` | ${row?.object.replaceAll('|', '\\|') ?? '?'} | ${cells.join(' | ')} |`;
  });
  return `# Authorisation matrix

Generated by \`npm run generate\` from \`apps/server/src/test/authorisation-matrix.ts\`; do not edit by hand.
\`apps/server/src/graphql/authorisation-matrix.test.ts\` runs every cell against a real server (each role calls the
operation on seller A's objects, described in \`apps/server/src/test/authorisation-world.ts\`) and fails when an
operation of \`apps/server/schema.graphql\` has no row, or when this file is not current.

**ok**: the call succeeds. Otherwise the catalogue code of the refusal: \`unauthorized\` (no session),
\`forbidden\` (the wrong kind of user), \`not_found\` (someone else's object: its existence is not revealed), or the
rule the call then meets (the caller may, but the object's state does not allow it).

Seller A has an active property asking agents A and B (agent A accepted the lead-fee condition and sent an
appraisal, on which A requested an appointment; agent B has not accepted), a second one where agent A's appraisal
is a draft, one sold through agent A (not yet confirmed) and a draft property. Agent C was not asked.

${header}
${rule}
${rows.join('\n')}
`;
}
