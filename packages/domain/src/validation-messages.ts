/** The spec's validation messages (spec 000 §5, spec 001 §5), in a module of their own so a page can show them without zod. */
export const MESSAGES = {
  emailRequired: 'Email address is required',
  emailInvalid: 'Email address is invalid',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password is too short',
  newPasswordTooShort: 'Password must be at least 9 characters',
  passwordsMustMatch: 'Passwords must match',
  nameRequired: 'Name is required',
  // a name is one line; a line break in it forges extra lines in the plain-text e-mails that quote it.
  nameOneLine: 'Name must be on one line',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Phone number is invalid',
  privacyRequired: 'You must agree to the terms & conditions',
  // Settings forms: a new e-mail or password needs the current password when the account has one.
  currentPasswordRequired: 'Enter your current password to change your email address or password',
} as const;
