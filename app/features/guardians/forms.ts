/** The /account forms of the guardians (each names itself in a hidden `form` field). */
export const GUARDIAN_FORMS = {
  invite: "account-guardian-invite-form",
  remove: "account-guardian-remove-form",
  accept: "guardian-accept-form",
} as const;
