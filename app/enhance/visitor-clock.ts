import { formatTimeLabel, formatZoneLabel } from "~/kernel/slot-format";
import { zonedParts } from "~/lib/zoned-time";
import { isLang, type Lang } from "~/i18n/lang";

/**
 * Times on the visitor's own clock beside the academy's (issue 29), on pages without React: the
 * demo booking's rule (app/features/booking/visitor-zone.ts) in a few lines of DOM. The server
 * renders the academy's times (the no-JS answer) and, for each, a hidden
 * `<span data-visitor-time="{UTC}" data-academy-date="{YYYY-MM-DD}">`; inside a
 * `[data-visitor-clock]` container naming the academy's zone and the words (`data-label` with
 * `{time}`, `data-zone-label` with `{zone}`). Nothing is shown when the visitor's clock reads
 * like the academy's.
 */
export function enhanceVisitorClock(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  const pageLang = document.documentElement.lang;
  const lang: Lang = isLang(pageLang) ? pageLang : "en";
  for (const box of document.querySelectorAll<HTMLElement>("[data-visitor-clock]")) {
    const academy = box.dataset.academyZone;
    if (!academy || academy === zone || sameClock(zone, academy)) continue;
    const label = box.dataset.label ?? "{time}";
    for (const slot of box.querySelectorAll<HTMLElement>("[data-visitor-time]")) {
      const at = slot.dataset.visitorTime;
      if (!at || Number.isNaN(Date.parse(at))) continue;
      slot.textContent = label.replace("{time}", visitorTime(at, slot.dataset.academyDate ?? "", zone, lang));
      slot.hidden = false;
    }
    for (const note of box.querySelectorAll<HTMLElement>("[data-visitor-zone]")) {
      note.textContent = (box.dataset.zoneLabel ?? "{zone}").replace("{zone}", formatZoneLabel(new Date(), zone, lang));
      note.hidden = false;
    }
  }
}

function sameClock(zone: string, academy: string): boolean {
  const now = new Date();
  return zonedParts(now, zone).date === zonedParts(now, academy).date && formatTimeLabel(now, zone, "en") === formatTimeLabel(now, academy, "en");
}

/** "05:30", or "Mon 23 Nov, 23:30" when it falls on another day on the visitor's clock. */
function visitorTime(at: string, academyDate: string, zone: string, lang: Lang): string {
  const time = formatTimeLabel(at, zone, lang);
  if (zonedParts(at, zone).date === academyDate) return time;
  const day = new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en-GB", { timeZone: zone, weekday: "short", day: "numeric", month: "short" });
  return `${day.format(new Date(at))}, ${time}`;
}
