import type { Router } from "express";
import { z } from "zod";
import type { Lang } from "~/i18n/lang";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { queueStaffNotice } from "~/features/admin-kit/staff-notice.server";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { assertAgeFits, bookingInput, courseBooking, courseParams } from "./booking.api";
import { cancelSchema } from "./booking.schema";
import { confirmationPath, waitlistPath } from "./paths";
import { formatDateLabel, formatTimeLabel } from "~/kernel/slot-format";
import { linkedId } from "./link-tokens.server";
import { acceptOffer, getWaitlistEntry, joinWaitlist, leaveWaitlist } from "./waitlist.server";

/** A link token: base64url only (anything else, such as a NUL byte PostgreSQL refuses, names no entry). */
const tokenSchema = z.object({ token: cancelSchema.shape.token.pipe(z.string().regex(/^[\w-]+$/, "invalid")) });

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "booking", key, values);
const entryOf = ({ db, config }: EndpointDeps, token: string) => linkedId(db, config.sessionSecret, "waitlist", token);
/** Accepting, leaving and reading an entry share one budget per address. */
const TOKEN_LIMIT = { name: "demo-waitlist-token", limit: 30, windowMs: 60_000 };

/** POST /api/courses/:course/demo-waitlist: the booking form's fields for a full time, rate-limited like it. */
export const joinDemoWaitlist = defineEndpoint({
  method: "POST",
  path: "/api/courses/:course/demo-waitlist",
  access: "anyone",
  limits: [{ name: "demo-waitlist", limit: 10, windowMs: 60_000 }],
  params: courseParams,
  load: (deps, caller, params) => courseBooking(deps, params.course, caller.lang),
  input: bookingInput,
  async run({ deps: { db, config }, caller, loaded: { course } }, input) {
    const lang = caller.lang;
    assertAgeFits(input, course, lang);
    const result = await joinWaitlist(db, input, { courseId: course.id, lang, linkSecret: config.sessionSecret });
    if (!result.ok) {
      if (result.reason === "notFound") throw new HttpError(404, say(lang, "api.slotNotFound"));
      return { status: 409, body: { message: say(lang, `waitlist.api.${result.reason}`), reason: result.reason } };
    }
    return {
      status: 201,
      body: {
        message: say(lang, "waitlist.api.joined", { position: result.position }),
        token: result.token,
        position: result.position,
        statusUrl: waitlistPath(result.token, lang),
      },
    };
  },
});

/** POST /api/demo-waitlist/accept: the offered parent takes the seat. */
export const acceptWaitlistOffer = defineEndpoint({
  method: "POST",
  path: "/api/demo-waitlist/accept",
  access: "anyone",
  limits: [TOKEN_LIMIT],
  input: tokenSchema,
  async run({ deps, caller }, { token }) {
    const timeZone = await academyTimeZone(deps.db);
    // Staff hear of a booking made from the waitlist as of any other (decision 031).
    const result = await acceptOffer(deps.db, await entryOf(deps, token), {
      notifyStaff: (trx, booking) =>
        queueStaffNotice(trx, deps.config.publicUrl, {
          kind: "booking",
          subject: { child: booking.childName, course: booking.courseName },
          details: [
            ["reference", booking.code],
            ["course", booking.courseName],
            ["when", `${formatDateLabel(booking.startsAt, timeZone, "en")} ${formatTimeLabel(booking.startsAt, timeZone, "en")} (${timeZone})`],
            ["child", `${booking.childName} (${booking.childAge})`],
            ["parent", booking.parentName],
            ["email", booking.email],
            ["phone", booking.phone],
          ],
          path: "/admin/slots",
        }),
    });
    if (!result.ok) {
      if (result.reason === "notFound") throw new HttpError(404, say(caller.lang, "waitlist.api.notFound"));
      return { status: 409, body: { message: say(caller.lang, `waitlist.api.${result.reason}`), reason: result.reason } };
    }
    return {
      status: 201,
      body: {
        message: say(caller.lang, "api.booked"),
        reference: result.reference,
        confirmationUrl: confirmationPath(result.courseSlug ?? String(result.courseId ?? "course"), result.reference, caller.lang),
      },
    };
  },
});

/** POST /api/demo-waitlist/leave: the parent gives up their place (or offer). */
export const leaveDemoWaitlist = defineEndpoint({
  method: "POST",
  path: "/api/demo-waitlist/leave",
  access: "anyone",
  limits: [TOKEN_LIMIT],
  input: tokenSchema,
  async run({ deps, caller }, { token }) {
    const result = await leaveWaitlist(deps.db, await entryOf(deps, token));
    if (result === "notFound") throw new HttpError(404, say(caller.lang, "waitlist.api.notFound"));
    return { status: 200, body: { message: say(caller.lang, `waitlist.api.leave.${result}`), status: "left" } };
  },
});

/** GET /api/demo-waitlist/{token}: a place in a demo time's waitlist, by its link's token. */
export const readDemoWaitlistEntry = defineEndpoint({
  method: "GET",
  path: "/api/demo-waitlist/:token",
  access: "anyone",
  params: z.object({ token: z.string() }),
  limits: [TOKEN_LIMIT],
  input: z.object({}),
  async run({ deps, caller, params: { token } }) {
    const { db, config } = deps;
    const found = await getWaitlistEntry(db, config.sessionSecret, await entryOf(deps, token), await academyTimeZone(db), caller.lang);
    if (!found) throw new HttpError(404, say(caller.lang, "waitlist.api.notFound"));
    const { view } = found;
    return {
      status: 200,
      body: {
        entry: {
          status: view.status,
          position: view.position,
          courseName: view.courseName,
          childName: view.childName,
          startsAt: view.startsAt,
          dateLabel: view.dateLabel,
          timeLabel: view.timeLabel,
          offerExpiresAt: view.offerExpiresAt,
        },
      },
    };
  },
});

/**
 * The waitlist of full demo slots (decision 032): reading an entry here; joining, accepting an
 * offer and leaving are the endpoints above. The link token is the only key; no sign-in.
 */
export function waitlistApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, [readDemoWaitlistEntry, joinDemoWaitlist, acceptWaitlistOffer, leaveDemoWaitlist]);
}
