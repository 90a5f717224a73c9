/** The /account form of the notification choices (it names itself in a hidden `form` field). */
export const PUSH_FORM = "account-push-form";
