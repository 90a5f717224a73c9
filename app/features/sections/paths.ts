import { localizePath, type Lang } from "~/i18n/lang";

/** A section waitlist entry's page: its place in line, the offer to accept, leaving (decision 066). */
export const sectionWaitlistPath = (token: string, lang: Lang) => localizePath(`/sections/waitlist?token=${encodeURIComponent(token)}`, lang);

/** An enrolment's own page (the confirmation e-mail's link): move to another group or drop (decision 066). */
export const enrolmentManagePath = (token: string, lang: Lang) => localizePath(`/enrolments/manage?token=${encodeURIComponent(token)}`, lang);
