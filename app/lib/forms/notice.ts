/**
 * Messages a page shows after a form posted without JavaScript redirected to it (post/redirect/get):
 * the same text the enhanced form shows in a toast. Only these keys are shown, so a crafted link
 * cannot put other words on the page.
 */
export const NOTICES = {
  "contact-sent": { ns: "common", key: "contactForm.sent" },
  "login-ok": { ns: "accounts", key: "toast.loginSuccess" },
  "signed-up": { ns: "accounts", key: "api.registered" },
  "reset-link-sent": { ns: "accounts", key: "api.resetSent" },
  "password-changed": { ns: "accounts", key: "api.resetDone" },
  "logged-out": { ns: "accounts", key: "api.loggedOut" },
  "staff-created": { ns: "accounts", key: "api.setupDone" },
} as const;

export type NoticeName = keyof typeof NOTICES;

/** The path with `notice=` added to its query (other query values and the hash kept). */
export function withNotice(path: string, notice: NoticeName): string {
  const url = new URL(path, "http://site.invalid");
  url.searchParams.set("notice", notice);
  return url.pathname + url.search + url.hash;
}

export function noticeFor(name: string | null): (typeof NOTICES)[NoticeName] | undefined {
  return name !== null && Object.hasOwn(NOTICES, name) ? NOTICES[name as NoticeName] : undefined;
}
