/**
 * Messages a page shows after a form posted without JavaScript redirected to it (post/redirect/get):
 * the same text the enhanced form shows in a toast. Only these keys are shown, so a crafted link
 * cannot put other words on the page.
 */
export const NOTICES = {
  "contact-sent": { ns: "common", key: "contactForm.sent" },
  "school-sent": { ns: "school", key: "form.sent" },
  "enroll-sent": { ns: "camp", key: "enroll.sentNotice" },
  "brochure-sent": { ns: "camp", key: "brochureForm.saved" },
  "login-ok": { ns: "accounts", key: "toast.loginSuccess" },
  "signed-up": { ns: "accounts", key: "api.registered" },
  "reset-link-sent": { ns: "accounts", key: "api.resetSent" },
  "password-changed": { ns: "accounts", key: "api.resetDone" },
  "logged-out": { ns: "accounts", key: "api.loggedOut" },
  "staff-created": { ns: "accounts", key: "api.setupDone" },
  "staff-joined": { ns: "accounts", key: "invite.api.joined" },
  "invite-sent": { ns: "accounts", key: "invite.api.sent" },
  "profile-saved": { ns: "accounts", key: "space.api.profileSaved" },
  "password-updated": { ns: "accounts", key: "space.api.passwordChanged" },
  "account-deleted": { ns: "accounts", key: "space.api.deleted" },
  "password-link-sent": { ns: "accounts", key: "space.api.passwordLinkSent" },
  "child-added": { ns: "accounts", key: "space.api.childAdded" },
  "child-saved": { ns: "accounts", key: "space.api.childSaved" },
  "child-removed": { ns: "accounts", key: "space.api.childRemoved" },
  "device-ended": { ns: "accounts", key: "devices.api.ended" },
  "invite-revoked": { ns: "accounts", key: "invite.api.revoked" },
  "sessions-ended": { ns: "admin", key: "users.sessions.endedNotice" },
  "settings-saved": { ns: "admin", key: "settings.saved" },
  rescheduled: { ns: "booking", key: "api.rescheduled" },
  "revision-restored": { ns: "admin-content", key: "revisions.restored" },
  "calendar-link-made": { ns: "timetable", key: "api.created" },
  "calendar-link-off": { ns: "timetable", key: "api.revoked" },
  "push-saved": { ns: "push", key: "api.saved" },
  "demo-converted": { ns: "timetable", key: "convert.done" },
  "attendance-saved": { ns: "teaching", key: "notice.saved" },
  // Levels and skills (decision 130): the roster's marks and the staff's ladder.
  "skills-saved": { ns: "levels", key: "roster.saved" },
  // Portfolios (decision 135): a project saved from the roster or the account, shown or hidden on the website.
  "portfolio-added": { ns: "portfolio", key: "roster.saved" },
  "portfolio-shown": { ns: "portfolio", key: "account.shownNotice" },
  "portfolio-hidden": { ns: "portfolio", key: "account.hiddenNotice" },
  "levels-saved": { ns: "levels", key: "api.saved" },
  // Progress reports (decision 138): the comments saved, the reports issued.
  "progress-notes-saved": { ns: "progress", key: "notice.notesSaved" },
  "progress-issued": { ns: "progress", key: "notice.issued" },
  // Broadcasts to families (decision 134).
  "broadcast-sent": { ns: "messaging", key: "api.broadcastQueued" },
  "broadcast-scheduled": { ns: "messaging", key: "notice.scheduled" },
  "broadcast-cancelled": { ns: "messaging", key: "api.broadcastCancelled" },
  "automation-saved": { ns: "messaging", key: "automations.saved" },
  "template-saved": { ns: "messaging", key: "templates.saved" },
  // Sign-up signs in and sends a "confirm your e-mail" link (issue 42, step 5).
  "account-created": { ns: "email-proof", key: "notice.created" },
  "email-proven": { ns: "email-proof", key: "notice.proven" },
  "email-proof-invalid": { ns: "email-proof", key: "notice.invalid" },
  "email-proof-sent": { ns: "email-proof", key: "notice.sent" },
  // Guardians (decision 139): an invitation sent, a guardian removed, an invitation accepted.
  "guardian-invited": { ns: "guardians", key: "api.sent" },
  "guardian-removed": { ns: "guardians", key: "api.removed" },
  "guardian-joined": { ns: "guardians", key: "api.joined" },
  // Pickup (decision 142): a collector's photo saved.
  "pickup-photo-saved": { ns: "teaching", key: "api.pickup.photo.saved" },
} as const;

/** The notice's element id (FormNotice), where the page opens after the redirect. */
export const NOTICE_ID = "form-notice";

export type NoticeName = keyof typeof NOTICES;

/** The path with `notice=` added to its query (other query values and the hash kept). */
export function withNotice(path: string, notice: NoticeName): string {
  const url = new URL(path, "http://site.invalid");
  url.searchParams.set("notice", notice);
  // The form posted to "#its-id"; without a fragment of its own the browser would keep that one
  // and open the page at the form, the notice out of sight above it.
  if (!url.hash) url.hash = NOTICE_ID;
  return url.pathname + url.search + url.hash;
}

export function noticeFor(name: string | null): (typeof NOTICES)[NoticeName] | undefined {
  return name !== null && Object.hasOwn(NOTICES, name) ? NOTICES[name as NoticeName] : undefined;
}
