import QRCode from "qrcode";
import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { recordAudit } from "~server/audit/audit";
import { signToken, verifyToken } from "~server/security/signed";
import type { SessionUser } from "~server/security/session";
import { localizePath, type Lang } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { isStaffRole } from "~/lib/roles";
import { addDays, zonedParts, zonedToUtc } from "~/lib/zoned-time";
import { familyOf, owns } from "~/features/family/account-owner.server";
import { mayUse } from "~/features/family/family-parts";
import { formatDateLabel, formatTimeLabel } from "~/kernel/slot-format";
import { checkPickupPerson } from "~/features/consent/camp-checkout.server";
import { pickupPeople } from "~/features/consent/consent.server";
import { nextMidnight } from "./class-pass.server";
import { assertTeachesMeeting, taughtTeacherId } from "./teaching-access.server";
import { photoIdsOf } from "./pickup-photos.server";
import { accountById, enabledFamilyAccounts, existingAccount, parentAccountByProvenEmail } from "~/features/accounts/queries.server";
import { ownedChildrenInClassesBetween } from "~/features/enrolments/queries.server";
import { meetingWithEnrolment } from "~/features/sections/queries.server";

/**
 * Pickup at every class (issue 45 item 4, decision 142). The collector proves who they are with
 * their own pickup pass (a guardian whose role may collect: a signed token of their account, on
 * screen until the academy's next midnight, like the class pass) or with a PIN of the family's
 * consent pickup list (the camp's one checker: checkPickupPerson, its daily lock). The instructor of
 * the child's group, or staff, records the handover once per child and class meeting.
 */
const PURPOSE = "pickup-pass";

export type PickupRefusal =
  "invalid" | "expired" | "notFound" | "notToday" | "cancelled" | "mayNotCollect" | "notOnList" | "pinNeeded" | "wrongPin" | "pinLocked" | "noCollector";

/** The pickup page's URL for a pass (the logs redact `token` query values, server/logger.ts). */
export const pickupPath = (token: string, lang: Lang) => `${localizePath("/teaching/pickup", lang)}?token=${token}`;

/** A guardian's own pickup pass (for today), when their role may collect; null otherwise. */
export async function guardianPickupPass(db: DB, userId: number, options: { lang: Lang; timeZone: string; secret: string; publicUrl: string }) {
  const family = await familyOf(db, userId);
  if (!mayUse(family.role, "pickup")) return null;
  const user = await existingAccount(db, userId);
  const expires = nextMidnight(options.timeZone);
  const url = `${options.publicUrl}${pickupPath(signToken(options.secret, PURPOSE, [userId], expires), options.lang)}`;
  return {
    name: user.username,
    validUntil: `${formatDateLabel(expires.toISOString(), options.timeZone, options.lang)} ${formatTimeLabel(expires.toISOString(), options.timeZone, options.lang)}`,
    url,
    qrSvg: await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 }),
  };
}

/** The academy's today as a UTC range of ISO instants. */
function todayRange(timeZone: string, now = new Date()) {
  const today = zonedParts(now, timeZone).date;
  return { from: zonedToUtc(today, "00:00", timeZone).toISOString(), to: zonedToUtc(addDays(today, 1), "00:00", timeZone).toISOString() };
}

/** The guardian a pass names, or why not. */
async function passHolder(db: DB, secret: string, token: string) {
  const checked = verifyToken(secret, PURPOSE, token, 1);
  if (!checked.ok) return checked;
  const user = await accountById(db, Number(checked.fields[0]));
  if (!user || user.disabled || user.role !== "user") return { ok: false as const, reason: "invalid" as const };
  return { ok: true as const, user: { id: user.id, name: user.username }, family: await familyOf(db, user.id) };
}

/** A class meeting's child as the pickup needs it: refusals for no such meeting or child, another instructor's group, not today, cancelled. */
async function meetingChild(db: DB, user: Pick<SessionUser, "id" | "role">, meetingId: number, enrolmentId: number, timeZone: string) {
  await assertTeachesMeeting(db, user, meetingId);
  const row = await meetingWithEnrolment(db, meetingId, enrolmentId);
  if (!row || row.status !== "enrolled") return { ok: false as const, reason: "notFound" as const };
  const { from, to } = todayRange(timeZone);
  if (row.starts_at < from || row.starts_at >= to) return { ok: false as const, reason: "notToday" as const };
  if (row.meetingStatus === "cancelled") return { ok: false as const, reason: "cancelled" as const };
  return { ok: true as const, child: row };
}

export interface PickupInput {
  meetingId: number;
  enrolmentId: number;
  /** A guardian's pickup pass… */
  token?: string;
  /** …or a person of the child's consent pickup list, with their PIN when they have one. */
  pickupId?: number;
  pin?: string;
}

export type PickupResult =
  | { ok: true; already: boolean; childName: string; collectedBy: string; meetingId: number; enrolmentId: number }
  | { ok: false; reason: PickupRefusal; childName?: string };

/**
 * Verifies the collector and records the handover (audited). A collector who may not collect this
 * child is refused, nothing recorded, the refusal audited. Recording twice, even at once, stores one
 * row (the unique key decides) and the second hears `already`.
 */
export async function recordPickup(
  db: DB,
  secret: string,
  user: Pick<SessionUser, "id" | "role">,
  input: PickupInput,
  timeZone: string,
): Promise<PickupResult> {
  const found = await meetingChild(db, user, input.meetingId, input.enrolmentId, timeZone);
  if (!found.ok) return found;
  const child = found.child;
  let collector: { guardianUserId: number | null; pickupId: number | null; name: string };
  const refuse = async (reason: PickupRefusal, who: Record<string, number | string>) => {
    await recordAudit(db, {
      userId: user.id,
      action: "pickup_refused",
      entity: "class_pickup",
      name: child.child_name,
      summary: { meetingId: input.meetingId, enrolmentId: input.enrolmentId, reason, ...who },
    });
    return { ok: false as const, reason, childName: child.child_name };
  };
  if (input.token) {
    const holder = await passHolder(db, secret, input.token);
    if (!holder.ok) return { ok: false, reason: holder.reason, childName: child.child_name };
    const allowed = mayUse(holder.family.role, "pickup") && owns(holder.family, { userId: child.user_id, email: child.email });
    if (!allowed) return refuse("mayNotCollect", { guardian: holder.user.id });
    collector = { guardianUserId: holder.user.id, pickupId: null, name: holder.user.name };
  } else if (input.pickupId !== undefined) {
    const checked = await checkPickupPerson(
      db,
      secret,
      { email: child.email, childName: child.child_name, summary: { enrolmentId: child.id, meetingId: input.meetingId } },
      { pickupId: input.pickupId, pin: input.pin ?? "" },
      user.id,
    );
    if (!checked.ok)
      return checked.reason === "notOnList"
        ? refuse("notOnList", { pickupId: input.pickupId })
        : { ok: false, reason: checked.reason, childName: child.child_name };
    collector = { guardianUserId: null, pickupId: checked.person.id, name: checked.person.name };
  } else return { ok: false, reason: "noCollector", childName: child.child_name };
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("class_pickups")
      .values({
        meeting_id: input.meetingId,
        enrolment_id: child.id,
        guardian_user_id: collector.guardianUserId,
        pickup_id: collector.pickupId,
        collected_by: collector.name,
        recorded_by: user.id,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.columns(["meeting_id", "enrolment_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    const base = { ok: true as const, childName: child.child_name, meetingId: input.meetingId, enrolmentId: child.id };
    if (!row) {
      const earlier = await trx
        .selectFrom("class_pickups")
        .select("collected_by")
        .where("meeting_id", "=", input.meetingId)
        .where("enrolment_id", "=", child.id)
        .executeTakeFirstOrThrow();
      return { ...base, already: true, collectedBy: earlier.collected_by };
    }
    await recordAudit(trx, {
      userId: user.id,
      action: "create",
      entity: "class_pickup",
      entityId: row.id,
      name: child.child_name,
      summary: { meetingId: input.meetingId, guardian: collector.guardianUserId, pickupId: collector.pickupId },
    });
    return { ...base, already: false, collectedBy: collector.name };
  });
}

export interface CollectorView {
  kind: "guardian" | "person";
  /** The guardian's account id or the consent pickup person's id. */
  id: number;
  name: string;
  /** The collector's photo (GET /api/pickup-photos/:id), when there is one. */
  photoId: number | null;
  hasPin: boolean;
  pinLocked: boolean;
}

/**
 * The pickup screen for one child of a class: the child, the class, who collected already, and who
 * may collect (the family's guardians whose role allows, with their photos; the consent pickup list).
 */
export async function pickupScreen(db: DB, user: Pick<SessionUser, "id" | "role">, meetingId: number, enrolmentId: number, timeZone: string, lang: Lang) {
  const found = await meetingChild(db, user, meetingId, enrolmentId, timeZone);
  if (!found.ok) return found;
  const child = found.child;
  const done = await db
    .selectFrom("class_pickups")
    .select(["collected_by", "created_at"])
    .where("meeting_id", "=", meetingId)
    .where("enrolment_id", "=", enrolmentId)
    .executeTakeFirst();
  const guardians = await familyCollectors(db, child);
  const people = await pickupPeople(db, child.email, child.child_name);
  const photos = await photoIdsOf(db, { users: guardians.map((g) => g.id), pickups: people.map((p) => p.id) });
  const collectors: CollectorView[] = [
    ...guardians.map((g) => ({ kind: "guardian" as const, id: g.id, name: g.name, photoId: photos.users.get(g.id) ?? null, hasPin: false, pinLocked: false })),
    ...people.map((p) => ({
      kind: "person" as const,
      id: p.id,
      name: p.name,
      photoId: photos.pickups.get(p.id) ?? null,
      hasPin: p.hasPin,
      pinLocked: p.pinLocked,
    })),
  ];
  await recordAudit(db, {
    userId: user.id,
    action: "view_children_data",
    entity: "class_pickup",
    name: child.child_name,
    summary: { meetingId, collectors: collectors.length },
  });
  return {
    ok: true as const,
    child: { enrolmentId: child.id, name: child.child_name },
    meeting: {
      id: meetingId,
      course: pick({ name_en: child.name_en, name_ar: child.name_ar }, "name", lang),
      date: formatDateLabel(child.starts_at, timeZone, lang),
      time: formatTimeLabel(child.starts_at, timeZone, lang),
    },
    collected: done ? { by: done.collected_by, time: formatTimeLabel(done.created_at, timeZone, lang) } : null,
    collectors,
  };
}

/** The family's guardians who may collect a child (the primary and those whose role opens `pickup`). */
async function familyCollectors(db: DB, child: { user_id: number | null; email: string }) {
  // The family is the primary guardian's: the enrolment's account when it has one, else the account of its proven e-mail.
  const primary = child.user_id
    ? await familyOf(db, child.user_id).then((family) => family.id)
    : await parentAccountByProvenEmail(db, child.email).then((row) => row?.id);
  if (primary === undefined) return [];
  const rows = await enabledFamilyAccounts(db, primary);
  return rows.filter((row) => (row.id === primary ? true : row.role !== null && mayUse(row.role, "pickup"))).map((row) => ({ id: row.id, name: row.username }));
}

/**
 * What a scanned pickup pass shows: the guardian (name, photo, whether their role may collect) and
 * the family's children in today's classes this member teaches, each with its handover state.
 */
export async function passScreen(db: DB, secret: string, user: Pick<SessionUser, "id" | "role">, token: string, timeZone: string, lang: Lang) {
  const holder = await passHolder(db, secret, token);
  if (!holder.ok) return holder;
  const photos = await photoIdsOf(db, { users: [holder.user.id], pickups: [] });
  const mayCollect = mayUse(holder.family.role, "pickup");
  const { from, to } = todayRange(timeZone);
  const teacherId = isStaffRole(user.role) ? null : await taughtTeacherId(db, user);
  const rows =
    mayCollect && (isStaffRole(user.role) || teacherId !== null)
      ? await ownedChildrenInClassesBetween(db, holder.family, { from, to, teacherId: isStaffRole(user.role) ? null : teacherId, limit: 40 })
      : [];
  await recordAudit(db, { userId: user.id, action: "view_children_data", entity: "pickup_pass", entityId: holder.user.id, summary: { children: rows.length } });
  return {
    ok: true as const,
    token,
    collector: { name: holder.user.name, photoId: photos.users.get(holder.user.id) ?? null, mayCollect },
    children: rows.map((row) => ({
      enrolmentId: row.id,
      name: row.child_name,
      meetingId: row.meetingId,
      course: pick({ name_en: row.name_en, name_ar: row.name_ar }, "name", lang),
      time: formatTimeLabel(row.starts_at, timeZone, lang),
      collectedBy: row.collected_by,
    })),
  };
}
