import { consentFormsToAsk } from "~/features/consent/consent.server";
import type { AppLoadContext } from "react-router";
import type { Lang } from "~/i18n/lang";
import { listChildren } from "~/features/family/children.server";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { formatDateLabel, formatTimeLabel, formatZoneLabel, formatDateTimeLabel } from "~/kernel/slot-format";
import { zonedParts } from "~/lib/zoned-time";
import { listOpenSections, type PublicSection } from "./sections.server";
import { demoPrefill } from "./demo-enrolment.server";
import { levelPrefill } from "~/features/levels/skill-marks.server";
import { priceQuote } from "~/features/billing/index.server";
import { quoteView } from "~/features/billing";

const listFormatters = new Map<Lang, Intl.ListFormat>();
const joinWords = (words: string[], lang: Lang) => {
  let formatter = listFormatters.get(lang);
  if (!formatter) {
    formatter = new Intl.ListFormat(lang === "ar" ? "ar-u-nu-latn" : "en-US", { style: "long", type: "conjunction" });
    listFormatters.set(lang, formatter);
  }
  return formatter.format(words);
};
const weekdayFormatters = new Map<Lang, Intl.DateTimeFormat>();
/** "Monday" for 1, in the page's language (2023-01-01 was a Sunday). */
const weekdayName = (day: number, lang: Lang) => {
  let formatter = weekdayFormatters.get(lang);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en-US", { timeZone: "UTC", weekday: "long" });
    weekdayFormatters.set(lang, formatter);
  }
  return formatter.format(new Date(Date.UTC(2023, 0, 1 + day)));
};

/** A section as the course page shows it: every date and time already in words, in the academy's zone. */
export interface SectionCard {
  id: number;
  days: string;
  time: string;
  first: string;
  last: string;
  meetingCount: number;
  durationMinutes: number;
  seatsLeft: number;
  instructor: string | null;
  language: "en" | "ar";
  mode: "academy" | "online";
  minAge: number;
  maxAge: number;
  registrationOpen: boolean;
  opens: { date: string; time: string } | null;
  closes: string;
  meetings: string[];
  /** UTC instants and academy dates of the first meeting and of each one, for the visitor's own clock (app/enhance/visitor-clock.ts). */
  startsAt: string;
  startDate: string;
  meetingTimes: { at: string; date: string }[];
}

/** A section in words for a page (the course page, an enrolment's page), in the academy's zone. */
export const toSectionCard = (section: PublicSection, timeZone: string, lang: Lang): SectionCard => ({
  id: section.id,
  days: joinWords(
    section.weekdays.map((day) => weekdayName(day, lang)),
    lang,
  ),
  time: formatTimeLabel(section.startsAt, timeZone, lang),
  first: formatDateLabel(section.startsAt, timeZone, lang),
  last: formatDateLabel(section.endsAt, timeZone, lang),
  meetingCount: section.meetingCount,
  durationMinutes: section.durationMinutes,
  seatsLeft: section.seatsLeft,
  instructor: section.instructor,
  language: section.language,
  mode: section.mode,
  minAge: section.minAge,
  maxAge: section.maxAge,
  registrationOpen: section.registrationOpen,
  opens:
    section.registrationOpensAt && !section.registrationOpen
      ? { date: formatDateLabel(section.registrationOpensAt, timeZone, lang), time: formatTimeLabel(section.registrationOpensAt, timeZone, lang) }
      : null,
  closes: formatDateLabel(section.registrationClosesAt, timeZone, lang),
  meetings: section.meetings.map((m) => `${formatDateTimeLabel(m.startsAt, timeZone, lang)}`),
  startsAt: section.startsAt,
  startDate: zonedParts(section.startsAt, timeZone).date,
  meetingTimes: section.meetings.map((m) => ({ at: m.startsAt, date: zonedParts(m.startsAt, timeZone).date })),
});

/**
 * What the course page needs of its sections (issue 29): the open ones as cards, the academy's
 * zone in words, a signed-in parent's saved children and name (`?child=` fills one in without
 * script, only the account's own), and the code of an enrolment just made (`?enrolled=`). A demo
 * follow-up's link (`?demo=`, a signed booking id, decision 069) fills in that booking's child and
 * parent; `fromDemo` then says the page is personal (never cached).
 */
export async function courseSectionsFor(context: Pick<AppLoadContext, "db" | "user" | "config">, courseId: number, lang: Lang, query: URLSearchParams) {
  const timeZone = await academyTimeZone(context.db);
  const sections = await listOpenSections(context.db, courseId, lang);
  const cards = sections.map((section) => toSectionCard(section, timeZone, lang));
  const savedChildren = context.user ? await listChildren(context.db, context.user.id) : [];
  const child = savedChildren.find((candidate) => String(candidate.id) === query.get("child"));
  const enrolled = /^[A-Z0-9]{6}$/.test(query.get("enrolled") ?? "") ? query.get("enrolled") : null;
  // A level's proposal link (decision 130) fills in the child and parent as a demo follow-up's does.
  const fromDemo = query.has("demo")
    ? await demoPrefill(context.db, context.config.sessionSecret, query.get("demo"), courseId)
    : query.has("level")
      ? await levelPrefill(context.db, context.config.sessionSecret, query.get("level"))
      : null;
  const prefill = fromDemo
    ? { ...fromDemo, demo: query.get("demo") ?? "" }
    : context.user
      ? {
          parentName: context.user.username,
          email: context.user.email,
          ...(child ? { childName: child.name, childAge: String(child.age), childId: String(child.id) } : {}),
        }
      : null;
  // The price before paying (issue 31 part 5): every group of a course has the course's fee; a
  // signed-in family's sibling discount shows for the saved child chosen (`?child=`).
  const priced = sections[0]
    ? await priceQuote(context.db, {
        offer: { kind: "section", id: sections[0].id },
        family: { userId: context.user?.id ?? null, childId: child?.id ?? null, childName: child?.name ?? null },
      })
    : undefined;
  return {
    quote: priced ? quoteView(priced, lang) : null,
    sections: cards,
    // The consent forms (decision 078): those the known child already answered in their current version are not asked.
    consentForms: await consentFormsToAsk(context.db, lang, prefill?.email, prefill && "childName" in prefill ? prefill.childName : undefined),
    zone: formatZoneLabel(new Date(), timeZone, lang),
    timeZone,
    savedChildren,
    // The token rides along in the form, so the enrolment is stored as the demo's (source 'demo').
    prefill,
    fromDemo: fromDemo !== null,
    chosen: query.get("section"),
    enrolled,
  };
}
export type CourseSectionsData = Awaited<ReturnType<typeof courseSectionsFor>>;
