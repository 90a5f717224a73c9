import { localizePath, type Lang } from "~/i18n/lang";

/** The meeting reminder's link: report an absence without signing in (decision 076). */
export const absenceLinkPath = (token: string, lang: Lang) => localizePath(`/makeups/absence?token=${encodeURIComponent(token)}`, lang);

/** The signed-in family's absences, credits and make-ups. */
export const accountMakeupsPath = (lang: Lang) => localizePath("/account/makeups", lang);
