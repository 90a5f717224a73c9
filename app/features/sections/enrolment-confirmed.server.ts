import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import { serverT } from "~server/i18n";
import { localizePath, type Lang } from "~/i18n/lang";
import { pick, pickPair } from "~/i18n/localized";
import { getSiteSettings } from "~/features/site/site.server";
import { formatDateLabel, formatTimeLabel } from "~/kernel/slot-format";
import { enrolmentReceiptLink } from "~/features/enrolments/links.server";
import { howToPay, invoiceOfEnrolment } from "~/features/billing/index.server";
import { toSectionCard } from "./course-sections.server";
import { enrolmentForManage } from "./enrolment-manage.server";
import { enrolmentForMail } from "./sections.server";
import { enrolmentClassesCalendar } from "./enrolment-mail.server";
import { isLinkToken } from "~/lib/link-token";
import { findEnrolment } from "~/features/enrolments/enrolments.server";

/** The confirmation page after "Enrol" (issue 42): its token is the enrolment's "enrolment-receipt" link (decision 044's signer), which shows and changes nothing else. */
export const enrolmentConfirmedPath = (token: string, lang: Lang) => localizePath(`/enrolments/confirmed?token=${encodeURIComponent(token)}`, lang);
export const enrolmentCalendarPath = (token: string, lang: Lang) => localizePath(`/enrolments/calendar?token=${encodeURIComponent(token)}`, lang);

const receiptId = async (db: DB, secret: string, token: string) => (isLinkToken(token) ? enrolmentReceiptLink.open(db, secret, token) : undefined);

/**
 * What the confirmation shows: the child, the course and group, the first class still ahead, the
 * invoice (number, what it owes, by when) and how to pay, and the calendar file's link. Undefined:
 * the token opens nothing (404).
 */
export async function enrolmentConfirmation(db: DB, config: Pick<Config, "sessionSecret" | "stripe">, token: string, lang: Lang) {
  const id = await receiptId(db, config.sessionSecret, token);
  const found = id === undefined ? undefined : await enrolmentForManage(db, id, lang);
  if (id === undefined || !found) return undefined;
  const settings = await getSiteSettings(db);
  const card = toSectionCard(found.section, found.timeZone, lang);
  // The first class the child will come to: enrolling after the term began, the next one.
  const now = new Date().toISOString();
  const next = card.meetingTimes.findIndex((meeting) => meeting.at > now);
  const invoiceId = await invoiceOfEnrolment(db, { kind: "section", id });
  return {
    enrolment: found.enrolment,
    group: {
      days: card.days,
      time: card.time,
      first: card.first,
      last: card.last,
      firstClass:
        next >= 0
          ? {
              date: formatDateLabel(card.meetingTimes[next]!.at, found.timeZone, lang),
              time: formatTimeLabel(card.meetingTimes[next]!.at, found.timeZone, lang),
            }
          : { date: card.first, time: card.time },
      meetingCount: card.meetingCount,
      durationMinutes: card.durationMinutes,
      mode: card.mode,
      instructor: card.instructor,
    },
    address: pickPair(settings.address, lang),
    pay: await howToPay(db, config, lang, invoiceId),
    calendarUrl: enrolmentCalendarPath(token, lang),
  };
}

/**
 * Every class of the enrolment as one iCalendar file, the same events (and UIDs) as the
 * confirmation e-mail's attachment, so opening both adds each class once.
 */
export async function enrolmentCalendar(db: DB, config: Pick<Config, "sessionSecret" | "publicUrl">, token: string, lang: Lang): Promise<string | undefined> {
  const id = await receiptId(db, config.sessionSecret, token);
  const row = id === undefined ? undefined : await findEnrolment(db, { offerKind: "section", id });
  const found = row?.reference ? await enrolmentForMail(db, row.reference) : undefined;
  if (!found || found.status !== "enrolled") return undefined;
  const settings = await getSiteSettings(db);
  const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "sections", key, values);
  const course = pick(found, "name", lang);
  const address = pickPair(settings.address, lang);
  const coursePage = config.publicUrl + localizePath(`/courses/${found.slug}`, lang);
  const host = new URL(config.publicUrl).hostname;
  const meetings = found.meetings.filter((m) => m.status === "scheduled");
  return enrolmentClassesCalendar(found, meetings, { t, course, address, coursePage, host });
}
