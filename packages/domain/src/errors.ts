/**
 * The error catalogue: every code the API can answer, with the text the web app shows for it.
 * The server puts the code in both `message` and `extensions.code`; the web app maps it back here.
 */
export const ERROR_MESSAGES = {
  required_questions_not_answered: 'Some required questions have not been answered.',
  password_too_short: 'Password is too short',
  email_is_already_in_use: 'Email address is already in use',
  email_invalid: 'Email address is invalid',
  invalid_credentials: 'Incorrect email or password',
  user_media_file_extension_not_supported: 'Media with unsupported uploaded',
  appointment_already_requested_with_this_agent: 'Appointment already requested with this agent',
  cannot_update_complete_type_for_uncoditionally_sold_property: 'Property is already marked as unconditionally sold',
  payment_declined: 'Payment declined',
  some_suburb_at_capacity: 'One of these suburbs is no longer available',
  some_suburb_already_subscribed_to: 'You are already subscribed to one of these suburbs',
  agents_profile_is_incomplete: 'You are missing a required field on your profile',
  user_missing_stripe_customer: 'You are missing a default payment method',
  invalid_password_reset_token: 'Password reset link no longer valid',
  suburb_subscription_manually_managed: "This suburb subscription can only be manually managed by the provider's admins",
  not_found: 'Not found',
  // Codes the spec names without a message, and codes Listwise adds (see docs/decisions/0001-error-codes.md).
  unauthorized: 'Please log in again',
  forbidden: 'You do not have permission to do that',
  invalid_token: 'Token is invalid',
  // A verification link opened a second time, after it verified the address.
  email_already_verified: 'Your email address is already verified',
  verification_pending: 'Verification Pending',
  no_agents_and_verification_pending: 'Verification Pending',
  too_many_requests: 'Too many attempts, please wait a few minutes and try again',
  validation_failed: 'Some details are not valid',
  user_invalid_or_already_verified: 'User is invalid or already verified',
  invalid_state: 'This action is no longer possible',
  // Listing wizard (seller): publishing needs a verified e-mail and a finished account.
  email_not_verified: 'Please verify your email to continue.',
  profile_incomplete: 'Please finish setting up your account to continue.',
  // Console: a suburb's agent maximum below the agents who already hold a live subscription there.
  subscribed_agents_max_below_subscribed_count: 'The agent maximum cannot be below the number of agents already subscribed',
  internal_error: 'An unexpected error occurred, please try again later.',
  // The database cannot be reached: HTTP 503 with Retry-After; service resumes by itself.
  service_unavailable: 'Listwise is unavailable for a moment, please try again in a few seconds.',
  user_media_file_too_large: 'The file is too large',
  // A photo of more than 50 megapixels: phones could not show it.
  user_media_image_too_large: 'This photo is too large: choose one of at most 50 megapixels',
  // The bytes of an upload are not what its name says (a text file renamed .jpg): refused by every uploader.
  user_media_content_not_supported:
    'This file is not a photo or video we can use. Choose a JPEG, PNG or WebP photo, or an MP4, MOV or WebM video.',
  // Social sign-in on the address step (docs/decisions/0012-social-sign-in.md); the web app only logs it.
  social_sign_in_failed: 'We could not sign you in with that account',
  // Refusals of the HTTP request itself, before any operation runs; each has its HTTP status (docs/decisions/0001).
  bad_request: 'Something went wrong sending that, please try again.',
  invalid_json: 'Something went wrong sending that, please try again.',
  query_too_complex: 'That asked for too much at once, please try again with less.',
  payload_too_large: 'That is too much to send at once.',
  unsupported_media_type: 'That type of content is not supported.',
  method_not_allowed: 'Something went wrong sending that, please try again.',
  // The file upload (PUT to the uploadUrl of createUserMedia).
  upload_url_invalid: 'The upload link is not valid, please choose the file again.',
  upload_url_expired: 'The upload link has expired, please choose the file again.',
  upload_url_already_used: 'This file was already uploaded, please choose the file again.',
  user_media_file_empty: 'The file is empty',
  upload_incomplete: 'The upload did not finish, please try again.',
  // Money: the agent's sale confirmation and the operator's payout download.
  contract_date_in_future: 'Contract date cannot be in the future',
  contract_date_before_listing: 'Contract date cannot be before the property was listed',
  incorrect_password: 'Incorrect password',
  // estimated selling prices (NSW and VIC), the agency's ABN.
  selling_range_too_wide: 'In NSW and VIC the top of the range can be at most 10% above the bottom',
  invalid_abn: 'Enter the 11-digit ABN of your agency',
  // licences stay current. An operator cannot verify a licence whose expiry date has passed.
  licence_expired: 'This licence has expired: the agent must enter the renewed licence before it can be verified',
  no_payable_cashback_claims: 'There are no cashback claims to pay',
  payout_account_not_configured: 'The Listwise bank account for payouts is not configured',
  // Agent reviews: one review per appraisal received.
  review_already_submitted: 'You have already reviewed this appraisal',
  // One-click unsubscribe: a link Listwise did not sign, or one already used, changes nothing.
  unsubscribe_link_invalid: 'This unsubscribe link is not valid, so nothing was changed',
  unsubscribe_link_already_used: 'This unsubscribe link was already used, so nothing was changed',
  // the terms and privacy policy, and closing one's account.
  terms_version_outdated: 'The terms have been updated since this page loaded. Please read the new version and accept it.',
  // Every call but reading and accepting the terms, signing out and closing the account, while a new version waits.
  terms_not_accepted: 'Please read and accept the updated terms and privacy policy to continue.',
  account_already_deleted: 'This account has already been closed',
  sale_awaiting_confirmation:
    'You have a sale that is not settled yet. You can close your account once the sale is confirmed and any cashback is paid.',
  // Closing while a payment has no outcome yet at the payment provider: it settles within minutes.
  charge_in_progress:
    'A payment of yours is still being processed. Please try again in a few minutes, once it has gone through or been declined.',
  account_has_no_password: 'Your account has no password. Ask for an email link to confirm closing it instead.',
  // Changing or cancelling an appointment request: one already cancelled, or whose time has come.
  appointment_request_cancelled: 'This appointment request has been cancelled',
  appointment_request_passed: 'The time of this appointment has already passed',
  // A suspended agent keeps the suburbs they hold but adds none: no request would reach them there.
  agent_suspended: 'Suburbs cannot be added while your account is suspended.',
  // Production runs only the web app's own documents (trusted documents): an older open tab gets this after a deploy.
  unknown_operation: 'Listwise has been updated, please reload the page',
  // Push notifications: a server without VAPID keys, and a kind that cannot be switched off on its own.
  push_not_available: 'Notifications on this device are not available yet',
  push_kind_not_optional: 'This notification cannot be switched off on its own: turn the device off instead',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_MESSAGES, value);

/** Fallback texts of spec section 8 for failures that carry no catalogue code. */
export const FALLBACK_MESSAGES = {
  unparseable: 'Unexpected server error',
  network: 'Encountered network error.',
  unknown: 'An unexpected error occurred.',
  alert: 'An unexpected error occurred, please try again later.',
  unreachable: 'Unable to reach Listwise',
} as const;

/** A server message that means the session is gone: the web app logs the user out. */
export const isUnauthorizedMessage = (message: string): boolean => /^unauthori[sz]ed$/i.test(message.trim());
