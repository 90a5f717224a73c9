import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import type { Lang } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { getSiteSettings } from "~/features/site/site.server";
import { timeZoneOf } from "~/features/site/academy-zone.server";
import { changeDeadlineOf } from "./enrolment-changes.server";
import { listOpenSections, sectionForFamily } from "./sections.server";
import { sectionDropMoney } from "~/features/billing/index.server";
import { moneyText } from "~/lib/money";
import type { DropMoneyView } from "./DropMoneyNote";
import { enrolmentForManagePage } from "~/features/enrolments/queries.server";

/**
 * An enrolment as its own page (the confirmation e-mail's link) shows it: the child, the group and
 * its classes, and what the parent may still do: move to another group of the course with a seat
 * and registration open, or drop, until the cut-off before the term's first class (decision 066).
 */
export async function enrolmentForManage(db: DB, id: number, lang: Lang, options: { staff?: boolean } = {}) {
  const row = await enrolmentForManagePage(db, id);
  if (!row) return undefined;
  const section = await sectionForFamily(db, row.section_id, lang);
  if (!section) return undefined;
  const settings = await getSiteSettings(db);
  const now = nowIso();
  const deadline = changeDeadlineOf(section.startsAt, settings.sectionChangeCutoffHours);
  const live = row.status === "enrolled";
  const canChange = live && section.status !== "cancelled" && deadline > now;
  // Staff may move a child whenever the enrolment is live, into any open group with a seat (decision 067).
  const alternatives =
    (options.staff ? live : canChange) && row.course_id !== null
      ? (await listOpenSections(db, row.course_id, lang)).filter(
          (other) => other.id !== section.id && other.seatsLeft > 0 && (options.staff || other.registrationOpen),
        )
      : [];
  return {
    enrolment: {
      code: row.code,
      status: row.status,
      childName: row.child_name,
      childAge: row.child_age,
      parentName: row.parent_name,
      email: row.email,
      dropReason: row.drop_reason,
      movedAt: row.moved_at,
      courseSlug: row.slug,
      courseName: row.name_en !== null && row.name_ar !== null ? pick({ name_en: row.name_en, name_ar: row.name_ar }, "name", lang) : "",
    },
    section,
    alternatives,
    timeZone: timeZoneOf(settings),
    cutoffHours: settings.sectionChangeCutoffHours,
    changeDeadline: deadline,
    canChange,
  };
}
export type ManagedEnrolment = NonNullable<Awaited<ReturnType<typeof enrolmentForManage>>>;

/** What a drop does to the money (billing's one function), its amounts isolated for the sentences. */
export async function dropMoneyView(db: DB, id: number, lang: Lang): Promise<DropMoneyView | null> {
  const money = await sectionDropMoney(db, id);
  if (!money) return null;
  const text = (minor: number) => moneyText(minor, money.currency, lang);
  return {
    voided: money.voidedMinor > 0 ? text(money.voidedMinor) : null,
    paid: money.paidMinor > 0 ? text(money.paidMinor) : null,
    refund: money.refund ? { amount: text(money.refund.amountMinor), percent: money.refund.percent } : null,
  };
}
