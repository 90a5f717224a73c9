/** Names of the account forms: a refused post without JavaScript comes back to the form of that name. */
export const ACCOUNT_FORMS = {
  login: "login-form",
  adminLogin: "admin-login-form",
  signup: "signup-form",
  forgot: "forgot-password-form",
  reset: "reset-password-form",
  setup: "admin-setup-form",
  invite: "staff-invite-form",
  acceptInvite: "accept-invite-form",
  logout: "logout-form",
  profile: "account-profile-form",
  password: "account-password-form",
  deleteAccount: "account-delete-form",
  passwordLink: "account-password-link-form",
  /** "Send the confirmation link again" (issue 42, step 5). */
  emailProof: "account-email-proof-form",
  addChild: "account-child-add-form",
  /** One per saved child: its id follows (`account-child-form-12`), so a refusal returns to that child's form. */
  child: "account-child-form",
  removeChild: "account-child-remove-form",
  /** One per signed-in device: its session reference follows. */
  endSession: "account-session-end-form",
  /** One per pending invitation on /admin/users: its reference follows. */
  revokeInvite: "staff-invite-revoke-form",
  /** /admin/users/{id}: sign the account out everywhere. */
  endAllSessions: "user-sessions-end-form",
} as const;
