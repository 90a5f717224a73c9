import { familyEndpoint } from "~/features/family/account-owner.server";
import type { Router } from "express";
import { z } from "zod";
import { photoWidthQuery } from "~/features/media/media.schema";
import { defineEndpoint, fileAnswer, jsonRoutes, type Caller, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import type { SessionUser } from "~server/security/session";
import { byCallerAccount } from "~server/security/rate-limit";
import { pickupPhotoStorage } from "~server/storage/private-storage";
import { idParams } from "~/lib/record-id";
import { isStaffRole } from "~/lib/roles";
import { imageReceiver } from "~/features/media/uploads.api";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { guardianPickupPass, passScreen, pickupScreen, recordPickup, type PickupRefusal } from "./pickups.server";
import { familyPhotoList, pickupPhotoFile, savePickupPhoto } from "./pickup-photos.server";
import { passToken, pickupPhotoSchema, pickupQuery, pickupSchema } from "./pickups.schema";

const say = (caller: Caller, key: string, values?: Record<string, string | number>) => serverT(caller.lang, "teaching", `api.pickup.${key}`, values);
const member = (caller: Caller) => caller.user as SessionUser;

const REFUSAL_STATUS: Record<PickupRefusal, number> = {
  invalid: 400,
  noCollector: 400,
  pinNeeded: 400,
  wrongPin: 400,
  mayNotCollect: 403,
  notOnList: 403,
  notFound: 404,
  notToday: 409,
  cancelled: 409,
  expired: 410,
  pinLocked: 423,
};
/** The field a refusal belongs to on the page's form. */
const refusalField = (reason: PickupRefusal) =>
  ["pinNeeded", "wrongPin", "pinLocked"].includes(reason) ? "pin" : reason === "notOnList" ? "pickupId" : undefined;

const refused = (caller: Caller, reason: PickupRefusal, child = "") => {
  const message = say(caller, reason, { child });
  const field = refusalField(reason);
  return new HttpError(REFUSAL_STATUS[reason], message, field ? { [field]: message } : undefined);
};

/**
 * POST /api/teaching/pickups (issue 45 item 4, decision 142): the instructor of the child's group,
 * or staff, verifies the collector (a guardian's pickup pass, or a consent pickup person with their
 * PIN: the camp's checker and daily lock) and records the handover, once per child and class
 * meeting. 403 when the collector may not collect (nothing recorded, audited), 423 a locked PIN.
 */
export const recordClassPickup = defineEndpoint({
  method: "POST",
  path: "/api/teaching/pickups",
  access: "teaching",
  limits: [{ name: "teaching-pickup", limit: 600, windowMs: 60 * 60_000, keyBy: byCallerAccount }],
  input: pickupSchema,
  async run({ deps: { db, config }, caller }, input) {
    const timeZone = await academyTimeZone(db);
    const result = await recordPickup(db, config.sessionSecret, member(caller), input, timeZone);
    if (!result.ok) throw refused(caller, result.reason, result.childName);
    const { already, childName, collectedBy, meetingId, enrolmentId } = result;
    return {
      status: already ? 200 : 201,
      body: {
        message: say(caller, already ? "already" : "done", { child: childName, name: collectedBy }),
        already,
        childName,
        collectedBy,
        meetingId,
        enrolmentId,
      },
    };
  },
});

/** GET /api/teaching/pickups?meetingId=&enrolmentId=: one child of today's class, who collected, and who may collect (with photos). Audited. */
export const classPickupScreen = defineEndpoint({
  method: "GET",
  path: "/api/teaching/pickups",
  access: "teaching",
  input: pickupQuery,
  async run({ deps: { db }, caller }, input) {
    const screen = await pickupScreen(db, member(caller), input.meetingId, input.enrolmentId, await academyTimeZone(db), caller.lang);
    if (!screen.ok) throw refused(caller, screen.reason);
    return { status: 200, body: screen };
  },
});

/** GET /api/teaching/pickup-pass?token=: the guardian a pickup pass names (photo, may they collect) and their children in today's classes of the caller. Audited. */
export const pickupPassScreen = defineEndpoint({
  method: "GET",
  path: "/api/teaching/pickup-pass",
  access: "teaching",
  input: z.object({ token: passToken }),
  async run({ deps: { db, config }, caller }, input) {
    const screen = await passScreen(db, config.sessionSecret, member(caller), input.token, await academyTimeZone(db), caller.lang);
    if (!screen.ok) throw refused(caller, screen.reason);
    return { status: 200, body: screen };
  },
});

/**
 * GET /api/pickup-photos/:id?w=320: a collector's photo, only to staff, an instructor of a
 * group where the family has a child, and the family itself; anyone else hears 404.
 */
export const pickupPhoto = defineEndpoint({
  method: "GET",
  path: "/api/pickup-photos/:id",
  access: "anyone",
  produces: "webp",
  params: idParams,
  input: photoWidthQuery,
  async run({ deps: { db, config }, caller, params }, input) {
    const user = caller.user;
    const viewer = user && !(isStaffRole(user.role) && caller.secondFactorMissing) ? user : null;
    const name = await pickupPhotoFile(db, params.id, viewer, input.w);
    const bytes = name ? await pickupPhotoStorage(config).read(name) : undefined;
    if (!bytes) throw new HttpError(404, say(caller, "photoNotFound"));
    return fileAnswer("webp", new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      inline: true,
      cacheControl: "private, no-store",
      headers: { "X-Robots-Tag": "noindex", "Cross-Origin-Resource-Policy": "same-origin" },
    });
  },
});

/** GET /api/account/pickup-pass: the signed-in guardian's own pickup pass for today, for a role that collects (primary, full parent, pickup only). */
export const accountPickupPass = familyEndpoint("pickup", {
  method: "GET",
  path: "/api/account/pickup-pass",
  input: z.object({}),
  async run({ deps: { db, config }, caller }) {
    const pass = await guardianPickupPass(db, member(caller).id, {
      lang: caller.lang,
      timeZone: await academyTimeZone(db),
      secret: config.sessionSecret,
      publicUrl: config.publicUrl,
    });
    return { status: 200, body: { pass } };
  },
});

/** GET /api/account/pickup-photos: the collectors whose photo this guardian may set (self; the family's pickup people for those who act) and their photos. */
export const accountPickupPhotos = familyEndpoint("pickup", {
  method: "GET",
  path: "/api/account/pickup-photos",
  input: z.object({}),
  async run({ deps: { db }, caller }) {
    return { status: 200, body: await familyPhotoList(db, member(caller).id) };
  },
});

/** POST /api/account/pickup-photos (multipart, the photo in `file`, `of`: `self` or a pickup person's id): the collector's photo, through the media pipeline into the private store. */
export const addPickupPhoto = familyEndpoint("pickup", {
  method: "POST",
  path: "/api/account/pickup-photos",
  limits: [{ name: "pickup-photo", limit: 30, windowMs: 60 * 60_000 }],
  multipart: { file: "file", receive: ({ config }) => imageReceiver(config) },
  input: pickupPhotoSchema,
  async run({ deps: { db, config }, caller }, input) {
    const storage = pickupPhotoStorage(config);
    const result = await savePickupPhoto(
      db,
      storage,
      member(caller).id,
      input.of === "self" ? { kind: "self" } : { kind: "person", pickupId: input.of },
      input.file,
    );
    if (!result.ok) {
      const message = say(caller, `photo.${result.reason}`);
      if (result.reason === "notYours") throw new HttpError(404, message);
      throw new HttpError(400, message, { file: message });
    }
    // The copies it replaced are removed once the new one is recorded.
    if (result.replaced.length) await storage.remove(result.replaced).catch(() => undefined);
    return { status: 201, body: { message: say(caller, "photo.saved"), photoId: result.photoId } };
  },
});

export const pickupEndpoints = [recordClassPickup, classPickupScreen, pickupPassScreen, pickupPhoto, accountPickupPass, accountPickupPhotos, addPickupPhoto];

/** Pickup's JSON routes: never cached (children's and collectors' data). */
export function pickupsApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, pickupEndpoints);
}
