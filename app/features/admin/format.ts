import type { Lang } from "~/i18n/lang";

/** A stored ISO instant as a short date and time for staff, in the academy's time zone. */
export function formatDateTime(iso: string, lang: Lang, timeZone = "UTC"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en-GB", { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
  } catch {
    return date.toISOString();
  }
}

/** A post's publish date: a calendar date staff chose (no time was entered, so none is shown). */
export function formatPublishDate(iso: string, lang: Lang): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

/** A stored ISO instant as a time of day ("14:32"), in the academy's time zone. */
export function formatTime(iso: string, lang: Lang, timeZone = "UTC"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en-GB", { timeStyle: "short", timeZone }).format(date);
  } catch {
    return date.toISOString().slice(11, 16);
  }
}
