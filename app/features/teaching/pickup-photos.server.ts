import type { DB } from "~server/db/db";
import type { SessionUser } from "~server/security/session";
import { nowIso } from "~server/db/values";
import { recordAudit } from "~server/audit/audit";
import { NotAnImageError, storeImage } from "~server/storage/images";
import type { PrivateStorage } from "~server/storage/private-storage";
import { isStaffRole } from "~/lib/roles";
import { familyOf } from "~/features/family/account-owner.server";
import { mayUse } from "~/features/family/family-parts";
import { pickupPeople } from "~/features/consent/consent.server";
import { taughtTeacherId } from "./teaching-access.server";
import { familyTaughtBy, ownedEnrolledChildren } from "~/features/enrolments/queries.server";

/**
 * Collectors' photos (issue 45 item 4, decision 142): a guardian's own, or a consent pickup
 * person's added by the family. Through the media pipeline (storeImage: format by content, WebP
 * sizes, metadata stripped) into the private store, served only by GET /api/pickup-photos/:id,
 * which asks `mayViewPickupPhoto` on every request: staff, an instructor of a group where the family
 * has a child enrolled, and the family's own members. Anyone else hears 404.
 */

/** The photo ids of these guardians (by account) and consent pickup people (by row). */
export async function photoIdsOf(db: DB, of: { users: number[]; pickups: number[] }) {
  const [users, pickups] = await Promise.all([
    of.users.length ? db.selectFrom("pickup_photos").select(["id", "user_id"]).where("user_id", "in", of.users).execute() : [],
    of.pickups.length ? db.selectFrom("pickup_photos").select(["id", "pickup_id"]).where("pickup_id", "in", of.pickups).execute() : [],
  ]);
  return { users: new Map(users.map((r) => [r.user_id!, r.id])), pickups: new Map(pickups.map((r) => [r.pickup_id!, r.id])) };
}

/** Who is looking at a photo: a signed-in account (or nobody). */
export type PhotoViewer = Pick<SessionUser, "id" | "role"> | null;

/** The stored file of a photo at `w` (the smallest copy at least that wide), or undefined when this viewer may not see it. */
export async function pickupPhotoFile(db: DB, photoId: number, viewer: PhotoViewer, w = 320): Promise<string | undefined> {
  if (!viewer) return undefined;
  const photo = await db.selectFrom("pickup_photos").select(["upload", "widths", "family_user_id"]).where("id", "=", photoId).executeTakeFirst();
  if (!photo || !(await mayViewPickupPhoto(db, photo.family_user_id, viewer))) return undefined;
  const widths = photo.widths.split(",").map(Number);
  const width = widths.find((x) => x >= w) ?? widths.at(-1)!;
  return `${photo.upload}-${width}.webp`;
}

/** The rule: staff; an instructor teaching a live enrolment of the family; a member of the family. */
async function mayViewPickupPhoto(db: DB, familyUserId: number, viewer: Pick<SessionUser, "id" | "role">): Promise<boolean> {
  if (isStaffRole(viewer.role)) return true;
  if (viewer.role === "instructor") {
    const teacherId = await taughtTeacherId(db, viewer);
    if (teacherId === null) return false;
    const family = await familyOf(db, familyUserId);
    return familyTaughtBy(db, family, teacherId);
  }
  return (await familyOf(db, viewer.id)).id === familyUserId;
}

/** Whose photo a family member may set: their own (a role that collects), or, for those who act for the family, a pickup person of the family's lists. */
export type PhotoOf = { kind: "self" } | { kind: "person"; pickupId: number };

/** The collectors whose photos a family member manages on /account/pickup-photo, with the photo each has. */
export async function familyPhotoList(db: DB, userId: number) {
  const family = await familyOf(db, userId);
  const self = mayUse(family.role, "pickup");
  const people: { id: number; name: string; child: string }[] = [];
  if (mayUse(family.role, "act")) {
    const children = await ownedEnrolledChildren(db, family, 20);
    for (const child of children) {
      for (const person of await pickupPeople(db, child.email, child.child_name)) people.push({ id: person.id, name: person.name, child: child.child_name });
    }
  }
  const photos = await photoIdsOf(db, { users: self ? [userId] : [], pickups: people.map((p) => p.id) });
  return {
    self: self ? { photoId: photos.users.get(userId) ?? null } : null,
    people: people.map((p) => ({ ...p, photoId: photos.pickups.get(p.id) ?? null })),
  };
}

export type PhotoResult = { ok: true; photoId: number; replaced: string[] } | { ok: false; reason: "notYours" | "noFile" | "notAnImage" };

/**
 * Stores a collector's photo (replacing the one before; the old copies are returned for removal
 * after the commit). The caller's role decides whose: its own with a role that collects, a pickup
 * person of the family's current lists when it acts for the family. Audited.
 */
export async function savePickupPhoto(
  db: DB,
  storage: PrivateStorage,
  userId: number,
  of: PhotoOf,
  file: { bytes: Uint8Array } | undefined,
): Promise<PhotoResult> {
  const list = await familyPhotoList(db, userId);
  if (of.kind === "self" ? !list.self : !list.people.some((p) => p.id === of.pickupId)) return { ok: false, reason: "notYours" };
  if (!file || file.bytes.byteLength === 0) return { ok: false, reason: "noFile" };
  let stored;
  try {
    stored = await storeImage(storage, Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
  } catch (error) {
    if (error instanceof NotAnImageError) return { ok: false, reason: "notAnImage" };
    throw error;
  }
  const copies = [...stored.srcset.matchAll(/([a-f0-9]{24})-(\d+)\.webp/g)];
  const upload = copies[0]![1]!;
  const widths = copies.map((copy) => Number(copy[2])).join(",");
  const family = await familyOf(db, userId);
  return db.transaction().execute(async (trx) => {
    const key = of.kind === "self" ? ("user_id" as const) : ("pickup_id" as const);
    const value = of.kind === "self" ? userId : of.pickupId;
    const old = await trx.selectFrom("pickup_photos").select(["upload", "widths"]).where(key, "=", value).executeTakeFirst();
    await trx.deleteFrom("pickup_photos").where(key, "=", value).execute();
    const row = await trx
      .insertInto("pickup_photos")
      .values({
        family_user_id: family.id,
        user_id: of.kind === "self" ? userId : null,
        pickup_id: of.kind === "person" ? of.pickupId : null,
        upload,
        widths,
        created_at: nowIso(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { userId, action: "create", entity: "pickup_photo", entityId: row.id, summary: { of: of.kind } });
    const replaced = old ? old.widths.split(",").map((w) => `${old.upload}-${w}.webp`) : [];
    return { ok: true as const, photoId: row.id, replaced };
  });
}
