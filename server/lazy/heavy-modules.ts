/**
 * Heavy native or large modules, loaded on first use instead of at start: each costs 15-30 MiB of
 * resident memory that most processes (serving cached pages) never need. The promise is kept, so
 * the module is imported once.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

export const loadSharp = once(async () => (await import("sharp")).default);
export const loadS3 = once(() => import("@aws-sdk/client-s3"));
export const loadNodemailer = once(async () => (await import("nodemailer")).default);
export const loadTwilio = once(async () => (await import("twilio")).default);
