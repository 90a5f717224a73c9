import type { Router } from "express";
import { z } from "zod";
import type { Lang } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { v } from "~/lib/validation";
import { recordAudit } from "~server/audit/audit";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { ENROLMENT_MAIL, queueEnrolmentMail } from "./enrolment-mail.server";
import { convertDemoBooking, demoFunnel } from "./demo-enrolment.server";
import { sectionParams } from "./sections.schema";
import { findSection } from "./sections.server";
import { MAX_RECORD_ID } from "~/lib/record-id";

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "timetable", key, values);

export const convertSchema = z.object({
  sectionId: z.number({ error: v.required }).int(v.invalid).positive(v.invalid).max(MAX_RECORD_ID, v.invalid),
});

/**
 * POST /api/admin/demo-bookings/:id/enrolment: staff enrol the child of a demo booking in a
 * section of its course, from the booking (issue 29, decision 069). The enrolment's own
 * transaction and refusals (409 full, closed, not open yet, already enrolled); source 'demo' with
 * the booking's id; the family gets the enrolment e-mail in the booking's language; audited.
 */
export const convertDemoToEnrolment = defineEndpoint({
  method: "POST",
  path: "/api/admin/demo-bookings/:id/enrolment",
  access: "staff",
  params: sectionParams,
  input: convertSchema,
  async run({ deps: { db }, caller, params }, { sectionId }) {
    const lang = caller.lang;
    const section = await findSection(db, sectionId);
    const result = await convertDemoBooking(db, params.id, sectionId, async (trx, enrolment) => {
      const course = section ? pick({ name_en: section.course_en, name_ar: section.course_ar }, "name", enrolment.lang) : "";
      await queueEnrolmentMail(trx, ENROLMENT_MAIL, enrolment, course);
      await recordAudit(trx, {
        action: "convert",
        entity: "demo_booking",
        entityId: params.id,
        changes: { enrolment: { from: null, to: enrolment.reference.slice(0, 8) }, section: { from: null, to: sectionId } },
        userId: caller.user.id,
      });
    });
    if (result.ok) return { status: 201, body: { message: say(lang, "convert.done"), reference: result.reference, code: result.code, sectionId } };
    switch (result.reason) {
      case "bookingNotFound":
        throw new HttpError(404, say(lang, "convert.bookingNotFound"));
      case "notFound":
      case "otherCourse": {
        const message = say(lang, result.reason === "notFound" ? "convert.sectionNotFound" : "convert.otherCourse");
        throw new HttpError(400, message, { sectionId: message });
      }
      case "ageOutside": {
        const message = say(lang, "convert.ageOutside", { min: result.minAge, max: result.maxAge });
        throw new HttpError(400, message, { sectionId: message });
      }
      default:
        return { status: 409, body: { message: say(lang, `convert.${result.reason}`), reason: result.reason } };
    }
  },
});

/** GET /api/admin/demo-funnel?months=1..24 (12 when absent or not a number): demo classes booked → attended → enrolled per course and month. */
export const demoFunnelReport = defineEndpoint({
  method: "GET",
  path: "/api/admin/demo-funnel",
  access: "staff",
  input: z.object({ months: z.unknown().optional() }),
  async run({ deps: { db }, caller }, input) {
    const months = /^\d{1,2}$/.test(String(input.months ?? "")) ? Math.min(24, Math.max(1, Number(input.months))) : 12;
    const timeZone = await academyTimeZone(db);
    return { status: 200, body: { timeZone, months, rows: await demoFunnel(db, timeZone, caller.lang, months) } };
  },
});

/** Demo bookings → enrolments: the staff's conversion and the funnel report. */
export function demoEnrolmentApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, [demoFunnelReport, convertDemoToEnrolment]);
}
