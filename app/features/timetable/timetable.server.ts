import type { DB } from "~server/db/db";
import { ownerOf as accountOwner, type Owner } from "~/features/family/account-owner.server";
import { nowIso } from "~server/db/values";
import { mailedToken, newToken, tokenHash } from "~server/security/one-time-links";
import { calendarFeedByHash, calendarFeedOf, endCalendarFeeds, storeCalendarFeed } from "~server/security/calendar-feeds";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";
import { formatDateLabel, formatTimeLabel, formatZoneLabel } from "~/kernel/slot-format";
import { enrolmentLink } from "~/features/enrolments/links.server";
import { enrolmentManagePath } from "~/features/sections/paths";
import { ownedLiveEnrolmentsWithGroup } from "~/features/enrolments/queries.server";
import { meetingsOfSections } from "~/features/sections/queries.server";
import { accountById } from "~/features/accounts/queries.server";
import { ownedBookedDemos } from "~/features/booking/queries.server";

/**
 * The family's timetable and private calendar feed (issue 29, decision 068). A record is the
 * account's as on the rest of /account (decision 026): it carries the account's id, or it was sent
 * with the account's e-mail and that e-mail is proven.
 */

/** Most live enrolments and demo bookings one family's timetable and feed list (a bound, not a quota). */
export const MAX_ENROLMENTS = 100;
const MAX_DEMOS = 50;

/** The account, or undefined when it is gone (a feed outliving its account answers nothing). */
async function ownerOf(db: DB, userId: number): Promise<Owner | undefined> {
  const row = await accountById(db, userId);
  return row ? accountOwner(db, userId) : undefined;
}

/** The account's live enrolments with their section, course and instructor, first term first. */
const enrolmentRows = (db: DB, owner: Owner) => ownedLiveEnrolmentsWithGroup(db, owner, MAX_ENROLMENTS);
type EnrolmentRow = Awaited<ReturnType<typeof enrolmentRows>>[number];

async function meetingsOf(db: DB, sectionIds: number[], from?: string) {
  const bySection = new Map<
    number,
    { id: number; starts_at: string; duration_minutes: number; status: "scheduled" | "cancelled"; created_at: string; updated_at: string }[]
  >();
  if (sectionIds.length === 0) return bySection;
  for (const row of await meetingsOfSections(db, sectionIds, from)) {
    const list = bySection.get(row.section_id) ?? [];
    list.push(row);
    bySection.set(row.section_id, list);
  }
  return bySection;
}

export interface TimetableMeeting {
  id: number;
  startsAt: string;
  dateLabel: string;
  timeLabel: string;
  cancelled: boolean;
}

export interface TimetableEnrolment {
  reference: string;
  code: string;
  courseName: string;
  courseSlug: string;
  mode: "academy" | "online";
  instructor: string | null;
  /**
   * The enrolment's own page (the e-mail's manage link, for the account that holds it): change
   * group or withdraw, with what that does to the money (issue 42).
   */
  manageUrl: string;
  /** The academy's zone, named (one name per daylight-saving period the meetings fall in). */
  zoneLabel: string;
  meetings: TimetableMeeting[];
}

export interface TimetableChild {
  name: string;
  /** The saved child (account_children) the enrolments were made for, else null (typed by name). */
  savedChildId: number | null;
  enrolments: TimetableEnrolment[];
}

/** A saved child groups by its id; a child typed by name, by that name (trimmed, lower-cased). */
const childGroup = (row: Pick<EnrolmentRow, "child_id" | "child_key">) => (row.child_id !== null ? `id:${row.child_id}` : `name:${row.child_key}`);

/**
 * /account's timetable: each child's live enrolments with every meeting still to come (cancelled
 * ones kept and marked), in the page's language, on the academy's clock with the zone named.
 */
export async function familyTimetable(db: DB, userId: number, timeZone: string, lang: Lang, linkSecret: string): Promise<TimetableChild[]> {
  const owner = await ownerOf(db, userId);
  if (!owner) return [];
  const now = nowIso();
  const rows = await enrolmentRows(db, owner);
  const meetings = await meetingsOf(
    db,
    rows.map((row) => row.section_id),
    now,
  );
  const children = new Map<string, TimetableChild>();
  for (const row of rows) {
    const upcoming = meetings.get(row.section_id) ?? [];
    if (upcoming.length === 0) continue;
    const group = childGroup(row);
    const child = children.get(group) ?? { name: row.child_name, savedChildId: row.child_id, enrolments: [] };
    child.enrolments.push({
      reference: row.reference,
      code: row.code,
      courseName: pick({ name_en: row.name_en, name_ar: row.name_ar }, "name", lang),
      courseSlug: row.slug,
      manageUrl: enrolmentManagePath(enrolmentLink.token(linkSecret, { id: row.id, reference: row.reference }), lang),
      mode: row.mode,
      instructor: row.teacher_en === null ? null : pick({ name_en: row.teacher_en, name_ar: row.teacher_ar ?? row.teacher_en }, "name", lang),
      zoneLabel: [...new Set(upcoming.map((m) => formatZoneLabel(m.starts_at, timeZone, lang)))].join(" / "),
      meetings: upcoming.map((m) => ({
        id: m.id,
        startsAt: m.starts_at,
        dateLabel: formatDateLabel(m.starts_at, timeZone, lang),
        timeLabel: formatTimeLabel(m.starts_at, timeZone, lang),
        cancelled: m.status === "cancelled",
      })),
    });
    children.set(group, child);
  }
  return [...children.values()];
}

// ---------------------------------------------------------------------------------------------
// The calendar feed.

const PURPOSE = "calendar-feed";
/** A feed token: mac() output, 43 URL-safe characters. */
const TOKEN_SHAPE = /^[\w-]{43}$/;

/** The feed's path for a token (the logs redact the part after /api/calendar-feeds/, server/logger.ts). */
export const feedPath = (token: string) => `/api/calendar-feeds/${token}.ics`;

export interface FeedLink {
  /** https URL (copy into a calendar app's "subscribe by URL"). */
  url: string;
  /** The same as webcal://, which calendar apps open as a subscription. */
  webcal: string;
  createdAt: string;
}

const linkOf = (publicUrl: string, token: string, createdAt: string): FeedLink => {
  const url = publicUrl.replace(/\/+$/, "") + feedPath(token);
  return { url, webcal: url.replace(/^https?:/, "webcal:"), createdAt };
};

/**
 * The account's feed URL, rebuilt from its seed under SESSION_SECRET (null when it has none, or
 * when the secret changed since: then the stored hash no longer matches and the family makes a new one).
 */
export async function currentFeed(db: DB, userId: number, secret: string, publicUrl: string): Promise<FeedLink | null> {
  const row = await calendarFeedOf(db, userId);
  if (!row) return null;
  const token = mailedToken(secret, PURPOSE, row.seed);
  return tokenHash(token) === row.token_hash ? linkOf(publicUrl, token, row.created_at) : null;
}

/**
 * Makes the account's feed URL, or a new one in place of the old (which stops working at once):
 * one row per account, replaced by an upsert so two clicks at once leave one feed.
 */
export async function renewFeed(db: DB, userId: number, lang: Lang, secret: string, publicUrl: string): Promise<{ link: FeedLink; replaced: boolean }> {
  const seed = newToken();
  const token = mailedToken(secret, PURPOSE, seed);
  const now = nowIso();
  const before = await calendarFeedOf(db, userId);
  await storeCalendarFeed(db, { userId, seed, tokenHash: tokenHash(token), lang, createdAt: now });
  return { link: linkOf(publicUrl, token, now), replaced: before !== undefined };
}

/** Ends the account's feed URL; false when it had none. */
export async function revokeFeed(db: DB, userId: number): Promise<boolean> {
  return (await endCalendarFeeds(db, userId)) > 0;
}

/** The feed a URL's token opens ({ id, userId, lang }), or undefined. Only the token's hash is looked up. */
export async function feedByToken(db: DB, token: string) {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  return calendarFeedByHash(db, tokenHash(token));
}

/** One event of the feed, before it is written as iCalendar. */
export interface FeedEvent {
  uid: string;
  start: Date;
  end: Date;
  /** Last change of the event (DTSTAMP), so a poll with nothing new changes nothing. */
  stamp: Date;
  sequence: number;
  cancelled: boolean;
  kind: "meeting" | "demo";
  course: string;
  child: string;
  code: string;
  /** 1-based place in the term, and the term's meeting count (meetings only). */
  n: number;
  count: number;
  location: string;
  url: string;
}

const later = (a: string, b: string) => (a > b ? a : b);
/**
 * A revision number that only grows: 0 for a row never changed, else 1 + the whole seconds between
 * its creation and its last change. A meeting cancelled or moved (its row updated) gets a higher
 * SEQUENCE than before, so calendar apps replace the event of the same UID (RFC 5545 section
 * 3.8.7.4) — also when the change came within the first second (seconds alone would still say 0).
 */
const revisionOf = (createdAt: string, updatedAt: string) =>
  updatedAt > createdAt ? 1 + Math.floor((Date.parse(updatedAt) - Date.parse(createdAt)) / 1000) : 0;

/**
 * Every event of a family's feed: every meeting (past and to come, cancelled ones with
 * STATUS:CANCELLED) of each live enrolment, and the demo classes still booked. UIDs are the
 * enrolment e-mail's (`meeting-{id}-{reference}@host`, decision 059), so the events of the
 * e-mailed .ics and of the feed are the same events.
 */
export async function feedEvents(
  db: DB,
  userId: number,
  lang: Lang,
  options: { publicUrl: string; address: string; coursePath: (slug: string) => string },
): Promise<FeedEvent[]> {
  const owner = await ownerOf(db, userId);
  if (!owner) return [];
  const host = new URL(options.publicUrl).hostname;
  const rows = await enrolmentRows(db, owner);
  const meetings = await meetingsOf(
    db,
    rows.map((row) => row.section_id),
  );
  const events: FeedEvent[] = [];
  for (const row of rows) {
    const list = meetings.get(row.section_id) ?? [];
    const scheduled = list.filter((m) => m.status === "scheduled");
    for (const meeting of list) {
      const start = new Date(meeting.starts_at);
      events.push({
        uid: `meeting-${meeting.id}-${row.reference}@${host}`,
        start,
        end: new Date(start.getTime() + meeting.duration_minutes * 60_000),
        stamp: new Date(later(meeting.updated_at, row.updated_at)),
        // A cancelled meeting is a revision of the event, whatever the clock said.
        sequence: Math.max(meeting.status === "cancelled" ? 1 : 0, revisionOf(meeting.created_at, meeting.updated_at)),
        cancelled: meeting.status === "cancelled",
        kind: "meeting",
        course: pick({ name_en: row.name_en, name_ar: row.name_ar }, "name", lang),
        child: row.child_name,
        code: row.code,
        n: meeting.status === "scheduled" ? scheduled.indexOf(meeting) + 1 : 0,
        count: scheduled.length,
        location: row.mode === "online" ? row.meeting_url : options.address,
        url: options.publicUrl + options.coursePath(row.slug),
      });
    }
  }
  const demos = await ownedBookedDemos(db, owner, new Date(Date.now() - 7 * 86_400_000).toISOString(), MAX_DEMOS);
  for (const demo of demos) {
    const start = new Date(demo.starts_at);
    events.push({
      uid: `demo-${demo.id}@${host}`,
      start,
      end: new Date(start.getTime() + demo.duration_minutes * 60_000),
      stamp: new Date(demo.updated_at),
      sequence: revisionOf(demo.created_at, demo.updated_at),
      cancelled: false,
      kind: "demo",
      course: demo.name_en !== null && demo.name_ar !== null ? pick({ name_en: demo.name_en, name_ar: demo.name_ar }, "name", lang) : demo.course_name,
      child: demo.child_name,
      code: demo.code ?? "",
      n: 0,
      count: 0,
      location: demo.mode === "online" ? demo.meeting_url : options.address,
      url: demo.slug ? options.publicUrl + options.coursePath(demo.slug) : options.publicUrl,
    });
  }
  return events.sort((a, b) => a.start.getTime() - b.start.getTime() || a.uid.localeCompare(b.uid));
}
