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
} as const;
