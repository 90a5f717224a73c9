import type { Lang } from "~/i18n/lang";
import { formatCalendarDay } from "~/lib/dates";

/** An academy day (YYYY-MM-DD) as "27 Nov 2026" / «27 نوفمبر 2026»: the site's one calendar day (decision 112). */
export function formatDay(date: string, lang: Lang): string {
  return formatCalendarDay(date, lang);
}
