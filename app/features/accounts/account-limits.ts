/**
 * The numbers of decision 045: how often sign-in and password-reset may be tried, so that no client
 * can lock another out and guessing from many addresses stays slow.
 */

/** Sign-in: failed tries on one account from one client, per 15 minutes (the client alone is refused). */
export const LOGIN_FAILURES_PER_CLIENT = 10;
/** Sign-in: failed tries on one account from all clients together, per hour (then everyone is refused until a reset). */
export const LOGIN_FAILURES_PER_ACCOUNT = 100;
/** The counter a completed password reset clears for its account (a client's own count stays). */
export const ACCOUNT_SIGN_IN_LIMITS = ["login-account"];

/** Reset requests for one e-mail from one client, per hour. */
export const RESET_REQUESTS_PER_CLIENT = 3;
/** Reset e-mails one account receives per hour, whoever asks; more requests get the same answer and send nothing. */
export const RESET_MAILS_PER_ACCOUNT = 5;
