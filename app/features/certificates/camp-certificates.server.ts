import type { DB } from "~server/db/db";
import { zonedParts } from "~/lib/zoned-time";
import { issueToRoster, MAX_ROSTER, ratesOf, type ChildRate, type IssueOptions, type IssueResult } from "./certificates.server";
import { campById } from "~/features/admin/queries.server";
import { campEnrolmentsOfBatch } from "~/features/enrolments/queries.server";
import { checkoutDaysOf } from "~/features/consent/queries.server";

/**
 * The summer camp's certificates (decision 089). A camp has no class meetings: its attendance is
 * the check-out record (one per child and camp day, /teaching/camp). The camp days of a period are
 * the days on which at least one of its children was checked out, up to today; a child's rate is
 * their own check-out days among them. Everything else (codes, the issue loop, revocation, the PDF
 * and the public page) is the groups' (certificates.server.ts).
 */

export interface CampRates {
  camp: { id: number; titleEn: string; titleAr: string; session: string };
  /** Camp days so far: days with a check-out in this period. */
  held: number;
  children: ChildRate[];
}

/** A camp period's children with their check-out days and certificates; undefined when there is no such camp. */
export async function campRates(db: DB, campId: number, session: string, timeZone: string, now = new Date()): Promise<CampRates | undefined> {
  const camp = await campById(db, campId);
  if (!camp) return undefined;
  const today = zonedParts(now, timeZone).date;
  const children = await campEnrolmentsOfBatch(db, campId, session, { order: "name", limit: MAX_ROSTER });
  const ids = children.map((c) => c.id);
  // One check-out per child and day (unique), so counting rows counts days.
  const days = ids.length ? await checkoutDaysOf(db, ids, today) : [];
  const held = new Set(days.map((d) => d.day)).size;
  const attended = new Map<number, number>();
  for (const d of days) attended.set(d.camp_enrolment_id, (attended.get(d.camp_enrolment_id) ?? 0) + 1);
  return {
    camp: { id: camp.id, titleEn: camp.title_en, titleAr: camp.title_ar, session },
    held,
    children: await ratesOf(
      db,
      "camp",
      held,
      children.map((c) => ({ id: c.id, childName: c.student_name, lang: c.lang, attended: attended.get(c.id) ?? 0 })),
    ),
  };
}

/** Issues a camp period's certificates (every qualifying child, or one); undefined when there is no such camp. */
export async function issueCampCertificates(db: DB, options: IssueOptions & { campId: number; session: string }): Promise<IssueResult[] | undefined> {
  const rates = await campRates(db, options.campId, options.session, options.timeZone);
  if (!rates) return undefined;
  return issueToRoster(
    db,
    { kind: "camp", campId: rates.camp.id, titleEn: rates.camp.titleEn, titleAr: rates.camp.titleAr },
    rates.held,
    rates.children,
    options,
  );
}
