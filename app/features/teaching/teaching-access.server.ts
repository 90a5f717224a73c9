import type { Kysely } from "kysely";
import type { Database } from "~server/db/schema";
import type { SessionUser } from "~server/security/session";
import { HttpError } from "~server/http/errors";
import { isStaffRole } from "~/lib/roles";
import { meetingSection, sectionWithCourse } from "~/features/sections/queries.server";
import { accountById } from "~/features/accounts/queries.server";

/**
 * Which groups (course sections) a signed-in member may teach (decision 073): staff every group,
 * an instructor only the groups of the teacher profile their account is linked to. The link is read
 * fresh on every call, so unlinking an instructor takes effect at once.
 */
export async function taughtTeacherId(db: Kysely<Database>, user: Pick<SessionUser, "id" | "role">): Promise<number | null> {
  if (user.role !== "instructor") return null;
  const row = await accountById(db, user.id);
  return row?.teacher_id ?? null;
}

/** 403 unless the member may teach the group; 404 when there is no such group. */
export async function assertTeachesSection(db: Kysely<Database>, user: Pick<SessionUser, "id" | "role">, sectionId: number): Promise<void> {
  const section = await sectionWithCourse(db, sectionId);
  if (!section) throw new HttpError(404, "Not found.");
  if (isStaffRole(user.role)) return;
  const teacherId = await taughtTeacherId(db, user);
  if (teacherId === null || section.teacher_id !== teacherId) throw new HttpError(403, "This group is not one you teach.");
}

/** assertTeachesSection for a class meeting: the meeting's group decides. */
export async function assertTeachesMeeting(db: Kysely<Database>, user: Pick<SessionUser, "id" | "role">, meetingId: number): Promise<{ sectionId: number }> {
  const meeting = await meetingSection(db, meetingId);
  if (!meeting) throw new HttpError(404, "Not found.");
  await assertTeachesSection(db, user, meeting.section_id);
  return { sectionId: meeting.section_id };
}
