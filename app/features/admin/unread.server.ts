import type { DB } from "~server/db/db";
import type { Database } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { stripLang } from "~/i18n/lang";

/**
 * The sidebar's unread counts: per staff member, what arrived in each list since they last opened
 * it. Keys are the sidebar's (admin-nav.ts); a list never opened counts everything in it.
 */
const areas = {
  school: { table: "school_enquiries", path: "/admin/submissions/school" },
  contact: { table: "contact_messages", path: "/admin/submissions/contact" },
  enrollments: { table: "camp_enrolments", path: "/admin/enrollment-forms" },
  brochureLeads: { table: "brochure_leads", path: "/admin/brochure-leads" },
  slots: { table: "demo_bookings", path: "/admin/slots" },
} as const satisfies Record<string, { table: keyof Database; path: string }>;

export type UnreadArea = keyof typeof areas;
export type UnreadCounts = Partial<Record<UnreadArea, number>>;

/** The list a staff page path belongs to (its list or one record of it), if any. */
export function unreadAreaOf(pathname: string): UnreadArea | undefined {
  const path = stripLang(pathname);
  return (Object.keys(areas) as UnreadArea[]).find((area) => path === areas[area].path || path.startsWith(`${areas[area].path}/`));
}

/** Marks a list as read for this staff member: opened now. */
export async function markSeen(db: DB, userId: number, area: UnreadArea): Promise<void> {
  const now = nowIso();
  await db
    .insertInto("staff_seen")
    .values({ user_id: userId, area, seen_at: now })
    .onConflict((oc) => oc.columns(["user_id", "area"]).doUpdateSet({ seen_at: now }))
    .execute();
}

/**
 * Unread counts of this staff member, leaving out `opened` (the list being opened now: its loader
 * marks it read while this runs beside it).
 */
export async function unreadCounts(db: DB, userId: number, opened?: UnreadArea): Promise<UnreadCounts> {
  const seen = new Map(
    (await db.selectFrom("staff_seen").select(["area", "seen_at"]).where("user_id", "=", userId).execute()).map((row) => [row.area, row.seen_at]),
  );
  const counts: UnreadCounts = {};
  await Promise.all(
    (Object.keys(areas) as UnreadArea[])
      .filter((area) => area !== opened)
      .map(async (area) => {
        let query = db.selectFrom(areas[area].table as "contact_messages").select((eb) => eb.fn.countAll().as("n"));
        const since = seen.get(area);
        if (since) query = query.where("created_at", ">", since);
        const n = Number((await query.executeTakeFirstOrThrow()).n);
        if (n > 0) counts[area] = n;
      }),
  );
  return counts;
}
