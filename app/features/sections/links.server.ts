import { rowLink } from "~/kernel/row-link.server";

/**
 * A place on a course group's waitlist (decision 066): the kernel's row link (decision 146), salted
 * with the entry's creation time, which never changes. A MAC from the start: no stored token opens
 * it. The purpose is the one booking's link-tokens used, so links already sent still open.
 */
export const sectionWaitlistLink = rowLink("section-waitlist-link", "section_waitlist", "created_at");
