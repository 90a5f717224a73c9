import { Router, type Request } from "express";
import { z } from "zod";
import type { EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { createRateLimit } from "~server/security/rate-limit";
import { queueStaffNotice } from "~/features/admin/staff-notice.server";
import { sitePhoneCountry } from "~/features/site/site.server";
import { academyTimeZone } from "./academy-zone.server";
import { ageOutsideCourse, bookingSchemaFor, cancelSchema } from "./booking.schema";
import { findCourse } from "./booking.server";
import { confirmationPath, waitlistPath } from "./paths";
import { formatDateLabel, formatTimeLabel } from "./slot-format";
import { linkedId } from "./link-tokens.server";
import { acceptOffer, getWaitlistEntry, joinWaitlist, leaveWaitlist } from "./waitlist.server";

const text = (req: Request, key: string, values?: Record<string, string | number>) => serverT(requestLang(req), "booking", key, values);

/** A link token: base64url only (anything else, such as a NUL byte PostgreSQL refuses, names no entry). */
const tokenSchema = z.object({ token: cancelSchema.shape.token.pipe(z.string().regex(/^[\w-]+$/, "invalid")) });

/**
 * The waitlist of full demo slots (decision 032): join (the booking form's fields, rate-limited like
 * it), read an entry, accept an offer, leave. The link token is the only key; no sign-in.
 */
export function waitlistApi(deps: EndpointDeps): Router {
  const { db, config } = deps;
  const entryOf = (token: string) => linkedId(db, config.sessionSecret, "waitlist", token);
  const router = Router();
  const joinLimit = createRateLimit(deps, { name: "demo-waitlist", limit: 10, windowMs: 60_000 });
  const tokenLimit = createRateLimit(deps, { name: "demo-waitlist-token", limit: 30, windowMs: 60_000 });

  router.post("/api/courses/:course/demo-waitlist", joinLimit, async (req, res) => {
    const lang = requestLang(req);
    const course = await findCourse(db, String(req.params.course ?? ""), lang);
    if (!course) throw new HttpError(404, text(req, "api.courseNotFound"));
    const input = parseBody(bookingSchemaFor(await sitePhoneCountry(db)), req);
    if (ageOutsideCourse(input.childAge, course) && input.ageConfirmed !== true) {
      const message = text(req, "api.ageOutside", { age: input.childAge, min: course.minAge, max: course.maxAge });
      throw new HttpError(400, message, { childAge: message });
    }
    const result = await joinWaitlist(db, input, { courseId: course.id, lang, linkSecret: config.sessionSecret });
    if (!result.ok) {
      if (result.reason === "notFound") throw new HttpError(404, text(req, "api.slotNotFound"));
      res.status(409).json({ message: text(req, `waitlist.api.${result.reason}`), reason: result.reason });
      return;
    }
    res.status(201).json({ message: text(req, "waitlist.api.joined", { position: result.position }), token: result.token, position: result.position, statusUrl: waitlistPath(result.token, lang) });
  });

  router.get("/api/demo-waitlist/:token", tokenLimit, async (req, res) => {
    const found = await getWaitlistEntry(db, config.sessionSecret, await entryOf(String(req.params.token)), await academyTimeZone(db), requestLang(req));
    if (!found) throw new HttpError(404, text(req, "waitlist.api.notFound"));
    const { view } = found;
    res.json({
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
    });
  });

  router.post("/api/demo-waitlist/accept", tokenLimit, async (req, res) => {
    const { token } = parseBody(tokenSchema, req);
    const timeZone = await academyTimeZone(db);
    // Staff hear of a booking made from the waitlist as of any other (decision 031).
    const result = await acceptOffer(db, await entryOf(token), {
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
      if (result.reason === "notFound") throw new HttpError(404, text(req, "waitlist.api.notFound"));
      res.status(409).json({ message: text(req, `waitlist.api.${result.reason}`), reason: result.reason });
      return;
    }
    res.status(201).json({
      message: text(req, "api.booked"),
      reference: result.reference,
      confirmationUrl: confirmationPath(result.courseSlug ?? String(result.courseId ?? "course"), result.reference, requestLang(req)),
    });
  });

  router.post("/api/demo-waitlist/leave", tokenLimit, async (req, res) => {
    const { token } = parseBody(tokenSchema, req);
    const result = await leaveWaitlist(db, await entryOf(token));
    if (result === "notFound") throw new HttpError(404, text(req, "waitlist.api.notFound"));
    res.json({ message: text(req, `waitlist.api.leave.${result}`), status: "left" });
  });

  return router;
}
