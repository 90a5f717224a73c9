import { z } from "zod";
import type { DB } from "~server/db/db";
import { defineEndpoint } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { recordAudit } from "~server/audit/audit";
import { serverT } from "~server/i18n";
import type { SessionUser } from "~server/security/session";
import { isStaffRole, isTeachingRole } from "~/lib/roles";
import { v } from "~/lib/validation";
import type { Lang } from "~/i18n/lang";
import { familyKey } from "./preferences.server";
import { staffMessages, staffThreads } from "./messaging.api";
import { MAX_RECORD_ID } from "~/lib/record-id";
import { enrolledEmailsOfTeacher } from "~/features/enrolments/queries.server";
import { accountById, teachingMembers } from "~/features/accounts/queries.server";

const say = (lang: Lang, key: string) => serverT(lang, "messaging", key);
const familyField = z.string({ error: v.required }).trim().min(1, v.required).max(254, v.tooLong);

/**
 * The families whose threads a member may read (decision 132): staff every family (null), an
 * instructor only the families of children enrolled in the groups of the teacher profile their
 * account is linked to (read fresh on every call, as the teaching pages do), none when unlinked.
 */
export async function visibleFamilies(db: DB, user: Pick<SessionUser, "id" | "role">): Promise<string[] | null> {
  if (isStaffRole(user.role)) return null;
  const linked = await accountById(db, user.id);
  if (!linked?.teacher_id) return [];
  const rows = await enrolledEmailsOfTeacher(db, linked.teacher_id);
  return [...new Set(rows.map((row) => familyKey(row.email)))];
}

/** GET /api/teaching/messaging/threads: an instructor's inbox, the threads of their groups' families only (staff: every family). */
export const teachingThreads = defineEndpoint({
  method: "GET",
  path: "/api/teaching/messaging/threads",
  access: "teaching",
  input: z.object({}).strict(),
  async run({ deps: { db }, caller }) {
    const families = await visibleFamilies(db, caller.user);
    return { status: 200, body: { threads: families && families.length === 0 ? [] : await staffThreads(db, 50, families ?? undefined) } };
  },
});

/** GET /api/teaching/messaging/messages?family=: one family's thread, for an instructor only of their groups' families (403 otherwise). */
export const teachingThread = defineEndpoint({
  method: "GET",
  path: "/api/teaching/messaging/messages",
  access: "teaching",
  input: z.object({ family: familyField }).strict(),
  async run({ deps: { db }, caller }, input) {
    const family = familyKey(input.family);
    const families = await visibleFamilies(db, caller.user);
    if (families && !families.includes(family)) throw new HttpError(403, say(caller.lang, "api.notYourFamily"));
    return { status: 200, body: { messages: await staffMessages(db, { email: family }, 100) } };
  },
});

/** POST /api/admin/messaging/assignments: staff give a family's thread to a staff member or instructor (userId null: to nobody). */
export const assignThread = defineEndpoint({
  method: "POST",
  path: "/api/admin/messaging/assignments",
  access: "staff",
  limits: [{ name: "messaging-assign", limit: 60, windowMs: 60_000 }],
  input: z
    .object({
      email: familyField,
      userId: z.number({ error: v.invalid }).int(v.invalid).positive(v.invalid).max(MAX_RECORD_ID, v.invalid).nullable(),
    })
    .strict(),
  async run({ deps: { db }, caller }, input) {
    const family = familyKey(input.email);
    const thread = await db.selectFrom("messaging_preferences").select(["id", "assigned_to"]).where("email", "=", family).executeTakeFirst();
    if (!thread) throw new HttpError(404, say(caller.lang, "api.noThread"));
    if (input.userId !== null) {
      const member = await accountById(db, input.userId);
      if (!member || !isTeachingRole(member.role)) {
        const message = say(caller.lang, "api.notStaff");
        throw new HttpError(400, message, { userId: message });
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("messaging_preferences").set({ assigned_to: input.userId }).where("id", "=", thread.id).execute();
      await recordAudit(trx, {
        userId: caller.user.id,
        action: "assign",
        entity: "message_thread",
        entityId: thread.id,
        name: family,
        changes: { assigned_to: { from: thread.assigned_to, to: input.userId } },
      });
    });
    return { status: 200, body: { message: say(caller.lang, "api.assigned"), assignedTo: input.userId } };
  },
});

/** Who a thread may be given to: staff and instructors, by name. */
export async function assignableMembers(db: DB) {
  return teachingMembers(db, 200);
}

export const inboxEndpoints = [teachingThreads, teachingThread, assignThread];
