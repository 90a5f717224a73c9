import { startTransition, useEffect, useState } from "react";
import type { Lang } from "~/i18n/lang";
import { formatTimeLabel } from "~/kernel/slot-format";
import { zonedParts } from "~/lib/zoned-time";

/** Academy zone → the visitor's zone (or null): the same for the life of the page. */
const knownZones = new Map<string, string | null>();

function visitorZoneAgainst(academyZone: string): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone || zone === academyZone) return null;
  const now = new Date();
  const sameClock =
    zonedParts(now, zone).date === zonedParts(now, academyZone).date && formatTimeLabel(now, zone, "en") === formatTimeLabel(now, academyZone, "en");
  return sameClock ? null : zone;
}

/**
 * The visitor's own time zone, when it shows other clock times than the academy's. Only known in
 * the browser, so null in the server's HTML and until hydration (which then adds the times).
 * Worked out in a task of its own after hydration, and rendered as a transition (decision 117):
 * the browser's first time-zone formatters cost tens of milliseconds on a phone, and the re-render
 * they cause is the whole booking view. Known once, it is there from a component's first render.
 */
export function useVisitorZone(academyZone: string): string | null {
  const [zone, setZone] = useState(() => knownZones.get(academyZone) ?? null);
  useEffect(() => {
    const task = setTimeout(() => {
      if (!knownZones.has(academyZone)) knownZones.set(academyZone, visitorZoneAgainst(academyZone));
      const found = knownZones.get(academyZone) ?? null;
      startTransition(() => setZone(found));
    });
    return () => clearTimeout(task);
  }, [academyZone]);
  return zone;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** A start time on the visitor's clock: "05:30", or "Mon 23 Nov, 23:30" when it falls on another day there. */
export function visitorTimeLabel(startsAt: string, academyDate: string, zone: string, lang: Lang): string {
  const time = formatTimeLabel(startsAt, zone, lang);
  if (zonedParts(startsAt, zone).date === academyDate) return time;
  let day = dayFormatters.get(`${lang}|${zone}`);
  if (!day) {
    day = new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en-GB", { timeZone: zone, weekday: "short", day: "numeric", month: "short" });
    dayFormatters.set(`${lang}|${zone}`, day);
  }
  return `${day.format(new Date(startsAt))}, ${time}`;
}
