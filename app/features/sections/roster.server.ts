import type { DB } from "~server/db/db";
import type { CsvColumn } from "~/features/admin-kit/list/csv.server";
import { findSection } from "./sections.server";
import { enrolledInSection } from "~/features/enrolments/queries.server";

/** Most children one roster lists (a section holds at most 500 seats; the bound is the schema's). */
const MAX_ROSTER = 500;

/**
 * A section's roster (issue 29, item 6): every child enrolled now, with age, parent and contacts,
 * the date of the enrolment and where it came from (a demo class or the course page).
 */
export async function sectionRoster(db: DB, sectionId: number) {
  const section = await findSection(db, sectionId);
  if (!section) return undefined;
  const children = await enrolledInSection(db, sectionId, { order: "name", limit: MAX_ROSTER });
  return { section, children };
}
export type RosterRow = NonNullable<Awaited<ReturnType<typeof sectionRoster>>>["children"][number];

/** The roster's CSV columns; the enrolled date in the academy's time (sendCsv names the zone, defuses formulas). */
export const rosterColumns: CsvColumn<RosterRow>[] = [
  { header: "child", value: (r) => r.child_name },
  { header: "age", value: (r) => r.child_age },
  { header: "parent", value: (r) => r.parent_name },
  { header: "email", value: (r) => r.email },
  { header: "phone", value: (r) => r.phone },
  { header: "language", value: (r) => r.lang },
  { header: "source", value: (r) => r.source },
  { header: "code", value: (r) => r.code },
  { header: "enrolled_at", value: (r) => r.created_at, instant: true },
];
