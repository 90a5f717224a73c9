import { isStaffRole } from "~/lib/roles";
import type { Router } from "express";
import { z } from "zod";
import { localizePath, type Lang } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { recordAudit, diffFields } from "~server/audit/audit";
import type { DB } from "~server/db/db";
import { defineEndpoint, fileAnswer, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { parseInput } from "~server/http/validate";
import { serverT } from "~server/i18n";
import { getSiteSettings, phoneCountryOf } from "~/features/site/site.server";
import { academyTimeZone, timeZoneOf } from "~/features/site/academy-zone.server";
import { findChild } from "~/features/family/children.server";
import { enrolmentPaymentLink, enrolmentReceiptLink } from "~/features/enrolments/links.server";
import { priceEnrolment, PromoRefused, promoProblemMessage, type PricedEnrolment } from "~/features/billing/index.server";
import { courseOr404, courseParams } from "~/features/booking/booking.api";
import { bookingSchemaFor } from "~/features/booking/booking.schema";
import { formatDateLabel, formatTimeLabel, formatZoneLabel } from "~/kernel/slot-format";
import { ENROLMENT_MAIL, SECTION_CANCELLED_MAIL, queueEnrolmentMail } from "./enrolment-mail.server";
import { enrolmentFields, sectionCancelSchema, sectionParams, sectionSchema, sectionStatusSchema } from "./sections.schema";
import { demoBookingForEnrolment, markFromDemo } from "./demo-enrolment.server";
import { enrolmentPaymentPath } from "~/features/billing";
import { checkEnrolmentConsent } from "~/features/consent/consent-enrolment.server";
import { enrolmentCalendar, enrolmentConfirmedPath } from "./enrolment-confirmed.server";
import { courseFacts } from "./course-facts";
import {
  courseOwnFacts,
  cancelSection,
  createSection,
  enrol,
  findSection,
  listOpenSections,
  listSectionsForStaff,
  setSectionStatus,
  updateSection,
  type SectionRow,
} from "./sections.server";

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "sections", key, values);

/** The enrolment's fields: the demo booking's, per phone country, without the slot (built once per country). */
const enrolmentSchemas = new Map<string, ReturnType<typeof buildEnrolmentSchema>>();
const buildEnrolmentSchema = (country: string) => bookingSchemaFor(country).omit({ slotId: true, ageConfirmed: true }).extend(enrolmentFields);
export function enrolmentSchemaFor(country: string) {
  let schema = enrolmentSchemas.get(country);
  if (!schema) {
    schema = buildEnrolmentSchema(country);
    enrolmentSchemas.set(country, schema);
  }
  return schema;
}
export type EnrolmentInput = z.output<ReturnType<typeof buildEnrolmentSchema>>;

/**
 * The enrolment post: its fields, and beside them, kept as sent, the consent forms' answers
 * (`consent_<version id>…`, decision 078). Those forms are staff's to write, so their fields are not
 * part of the schema: checkEnrolmentConsent reads and checks them. Built once per country.
 */
const consentingSchemas = new Map<string, ReturnType<typeof buildConsentingSchema>>();
const buildConsentingSchema = (country: string) => enrolmentSchemaFor(country).loose();
function consentingEnrolmentSchemaFor(country: string) {
  let schema = consentingSchemas.get(country);
  if (!schema) {
    schema = buildConsentingSchema(country);
    consentingSchemas.set(country, schema);
  }
  return schema;
}

/** "Registration opens on Monday, 7 December 2026 at 09:00 (India Standard Time)". */
const opensMessage = (lang: Lang, opensAt: string, timeZone: string) =>
  say(lang, "api.notOpenYet", {
    date: formatDateLabel(opensAt, timeZone, lang),
    time: formatTimeLabel(opensAt, timeZone, lang),
    zone: formatZoneLabel(opensAt, timeZone, lang),
  });

/**
 * POST /api/sections/:id/enrolments: a child's seat in every meeting of a section (issue 29). The
 * demo booking's fields, checked per the academy's phone country; the child's age must be in the
 * section's range. The course page's form runs it too (decision 048). With online payment set up
 * (STRIPE_* keys, decision 085) and a priced course, the seat is held for the staff's hold time and
 * the answer names the page where the family pays (`paymentUrl`); the confirmation e-mail then goes
 * when the payment is confirmed. Without keys, enrolments wait for a desk payment, as before.
 */
export const enrolInSection = defineEndpoint({
  method: "POST",
  path: "/api/sections/:id/enrolments",
  access: "anyone",
  limits: [{ name: "section-enrolment", limit: 10, windowMs: 60_000 }],
  params: sectionParams,
  // The settings, read once: their country gives the phone rule, and run needs the limits and the zone.
  load: ({ db }) => getSiteSettings(db),
  input: async (_deps, raw, { loaded: settings }) => consentingEnrolmentSchemaFor(phoneCountryOf(settings, raw)),
  async run({ deps: { db, config }, caller, params, loaded: settings }, input) {
    const lang = caller.lang;
    const timeZone = timeZoneOf(settings);
    // A saved child is linked only when it is the signed-in parent's own.
    const childId = input.childId !== null && caller.user ? ((await findChild(db, caller.user.id, input.childId))?.id ?? null) : null;
    // The required consent forms are part of the same post (decision 078): refused before a seat is taken.
    const consent = await checkEnrolmentConsent(db, input, {
      email: input.email,
      childName: input.childName,
      signerName: input.parentName,
      userId: caller.user?.id ?? null,
      lang,
      // The country the schema was built for: a phone country posted is parsed the same way.
      phoneCountry: phoneCountryOf(settings, input),
      secret: config.sessionSecret,
    });
    const section = await findSection(db, params.id);
    const course = section ? pick({ name_en: section.course_en, name_ar: section.course_ar }, "name", lang) : "";
    // From the demo follow-up link (decision 069): stored as the demo booking's when the child is the booking's.
    const demoBookingId =
      section && input.demo ? await demoBookingForEnrolment(db, config.sessionSecret, input.demo, section.course_id, input.childName) : null;
    const holdUntil = config.stripe && section && section.course_price > 0 ? new Date(Date.now() + settings.paymentHoldMinutes * 60_000).toISOString() : null;
    let price: PricedEnrolment | undefined;
    let held = false;
    const result = await enrol(
      db,
      params.id,
      { ...input, childId },
      {
        userId: caller.user?.id ?? null,
        lang,
        holdUntil,
        // A family's own: capped, holds bounded, mails budgeted (decision 104); staff enrolling for a family are not.
        family: caller.user && isStaffRole(caller.user.role) ? undefined : { userId: caller.user?.id ?? null, perFamily: settings.enrolmentsPerFamily },
        // The price before paying, and the code used, in the enrolment's transaction: a refused code enrols nobody.
        price: async (trx, enrolment) =>
          (price = await priceEnrolment(trx, {
            offer: { kind: "section", id: enrolment.offerId },
            enrolmentId: enrolment.id,
            family: { userId: caller.user?.id ?? null, email: input.email, childId, childName: input.childName },
            code: input.promoCode,
          })),
        queue: async (trx, enrolment) => {
          // A fee the discounts bring to nothing needs no payment: the enrolment is confirmed at once.
          held = enrolment.held;
          if (demoBookingId !== null) await markFromDemo(trx, enrolment.id, demoBookingId);
          await consent.save(trx, { enrolmentId: enrolment.id });
          if (!held) await queueEnrolmentMail(trx, ENROLMENT_MAIL, { ...enrolment, lang }, course);
        },
      },
    ).catch((error: unknown) => {
      if (!(error instanceof PromoRefused)) throw error;
      const message = promoProblemMessage(lang, error.problem);
      throw new HttpError(400, message, { promoCode: message });
    });
    if (!result.ok) {
      if (result.reason === "notFound") throw new HttpError(404, say(lang, "api.notFound"));
      if (result.reason === "ageOutside") {
        const message = say(lang, "api.ageOutside", { min: result.minAge, max: result.maxAge });
        throw new HttpError(400, message, { childAge: message });
      }
      if ("limit" in result) return { status: 409, body: { message: say(lang, `api.${result.reason}`, { count: result.limit }), reason: result.reason } };
      const message = result.reason === "notOpenYet" && result.opensAt ? opensMessage(lang, result.opensAt, timeZone) : say(lang, `api.${result.reason}`);
      return { status: 409, body: { message, reason: result.reason, ...(result.opensAt ? { opensAt: result.opensAt } : {}) } };
    }
    if (held && holdUntil) {
      const paymentUrl = enrolmentPaymentPath(enrolmentPaymentLink.token(config.sessionSecret, result), lang);
      return {
        status: 201,
        body: {
          message: say(lang, "api.held", { course }),
          reference: result.reference,
          code: result.code,
          sectionId: result.sectionId,
          holdUntil,
          paymentUrl,
          price,
        },
      };
    }
    // The confirmation page (issue 42): the child, the first class, the invoice and how to pay.
    const confirmationUrl = enrolmentConfirmedPath(enrolmentReceiptLink.token(config.sessionSecret, result), lang);
    return {
      status: 201,
      body: {
        message: say(lang, "api.enrolled", { course }),
        reference: result.reference,
        code: result.code,
        sectionId: result.sectionId,
        price,
        confirmationUrl,
      },
    };
  },
});

/** A section's audited fields (the columns staff set, without counters and timestamps). */
const audited = (row: SectionRow) => {
  const { id: _id, seats_taken: _seats, created_at: _c, updated_at: _u, ...fields } = row;
  return fields as Record<string, unknown>;
};

/** 400 with the field staff must change. */
function refuse(lang: Lang, failure: { field?: string; reason: string }): never {
  if (failure.reason === "notFound") throw new HttpError(404, say(lang, "adminApi.notFound"));
  if (failure.reason === "cancelled") throw new HttpError(409, say(lang, "adminApi.alreadyCancelled"));
  const message = say(lang, `adminApi.${failure.reason}`);
  throw new HttpError(400, message, failure.field ? { [failure.field]: message } : undefined);
}

/** POST /api/admin/sections: a new section and its meetings. */
export const createCourseSection = defineEndpoint({
  method: "POST",
  path: "/api/admin/sections",
  access: "staff",
  input: sectionSchema,
  async run({ deps: { db }, caller }, input) {
    const result = await createSection(db, input, await academyTimeZone(db), (trx, row) =>
      recordAudit(trx, { action: "create", entity: "course_section", entityId: row.id, changes: diffFields({}, audited(row)), userId: caller.user.id }),
    );
    if (!result.ok) refuse(caller.lang, result);
    return { status: 201, body: { message: say(caller.lang, "adminApi.created"), id: result.id, meetings: result.after.meeting_count } };
  },
});

/** PUT /api/admin/sections/:id: the whole section again; a changed pattern replaces its meetings. */
export const updateCourseSection = defineEndpoint({
  method: "PUT",
  path: "/api/admin/sections/:id",
  access: "staff",
  params: sectionParams,
  input: sectionSchema,
  async run({ deps: { db }, caller, params }, input) {
    const result = await updateSection(db, params.id, input, await academyTimeZone(db), (trx, before, after) =>
      recordAudit(trx, {
        action: "update",
        entity: "course_section",
        entityId: params.id,
        changes: diffFields(audited(before), audited(after)),
        userId: caller.user.id,
      }),
    );
    if (!result.ok) refuse(caller.lang, result);
    return { status: 200, body: { message: say(caller.lang, "adminApi.updated"), id: params.id, meetings: result.after.meeting_count } };
  },
});

/** POST /api/admin/sections/:id/status: close a section to new enrolments, or open it again. */
export const setCourseSectionStatus = defineEndpoint({
  method: "POST",
  path: "/api/admin/sections/:id/status",
  access: "staff",
  params: sectionParams,
  input: sectionStatusSchema,
  async run({ deps: { db }, caller, params }, { status }) {
    const result = await setSectionStatus(db, params.id, status, (trx, before) =>
      recordAudit(trx, {
        action: "status",
        entity: "course_section",
        entityId: params.id,
        changes: { status: { from: before.status, to: status } },
        userId: caller.user.id,
      }),
    );
    if (result !== "ok") refuse(caller.lang, { reason: result });
    return { status: 200, body: { message: say(caller.lang, status === "open" ? "adminApi.opened" : "adminApi.closed"), status } };
  },
});

/** POST /api/admin/sections/:id/cancel: every enrolment ends and each family is e-mailed in their language. */
export const cancelCourseSection = defineEndpoint({
  method: "POST",
  path: "/api/admin/sections/:id/cancel",
  access: "staff",
  params: sectionParams,
  input: sectionCancelSchema,
  async run({ deps: { db }, caller, params }) {
    const section = await findSection(db, params.id);
    const result = await cancelSection(db, params.id, async (trx, before, enrolments) => {
      for (const enrolment of enrolments) {
        const course = section ? pick({ name_en: section.course_en, name_ar: section.course_ar }, "name", enrolment.lang) : "";
        await queueEnrolmentMail(trx, SECTION_CANCELLED_MAIL, enrolment, course);
      }
      await recordAudit(trx, {
        action: "cancel",
        entity: "course_section",
        entityId: params.id,
        changes: { status: { from: before.status, to: "cancelled" } },
        summary: { families: enrolments.length },
        userId: caller.user.id,
      });
    });
    if (!result.ok) refuse(caller.lang, result);
    return { status: 200, body: { message: say(caller.lang, "adminApi.cancelled", { count: result.families }), families: result.families } };
  },
});

export const sectionEndpoints = [enrolInSection, createCourseSection, updateCourseSection, setCourseSectionStatus, cancelCourseSection];

/** Open sections of a course, for the page and the API. */
export async function openSectionsOf(db: DB, slug: string, lang: Lang) {
  const course = await courseOr404(db, slug, lang);
  return { course, sections: await listOpenSections(db, course.id, lang) };
}

/** GET /api/courses/{course}/sections: a course's groups a parent can still join, with the course's length and instructors (decision 115). */
export const openSectionsOfCourse = defineEndpoint({
  method: "GET",
  path: "/api/courses/:course/sections",
  access: "anyone",
  // The slug's rule answers 400 with its field (courseParams), as the course's other routes do.
  params: z.object({ course: z.string() }),
  input: z.object({}),
  async run({ deps: { db }, caller: { lang }, params }) {
    const { course: slug } = parseInput(courseParams, params, lang);
    const { course, sections } = await openSectionsOf(db, slug, lang);
    // The course page's length and instructors follow these groups (issue 42, decision 115).
    const facts = courseFacts(sections, await courseOwnFacts(db, course.id, lang));
    return { status: 200, body: { course: { id: course.id, slug: course.slug, name: course.name }, timeZone: await academyTimeZone(db), facts, sections } };
  },
});

/** GET /api/admin/sections?courseId=: every group (of one course when courseId is a number). Staff only. */
export const staffSectionList = defineEndpoint({
  method: "GET",
  path: "/api/admin/sections",
  access: "staff",
  input: z.object({ courseId: z.unknown().optional() }),
  async run({ deps: { db }, caller: { lang } }, input) {
    const courseId = /^\d{1,9}$/.test(String(input.courseId ?? "")) ? Number(input.courseId) : undefined;
    return { status: 200, body: { timeZone: await academyTimeZone(db), sections: await listSectionsForStaff(db, lang, { courseId }) } };
  },
});

/** GET /enrolments/calendar?token= (and /ar/...): the confirmation page's "Add to calendar" (issue 42), every class as one .ics from the enrolment's signed link. */
const enrolmentCalendarFile = (lang: Lang) =>
  defineEndpoint({
    method: "GET",
    path: localizePath("/enrolments/calendar", lang),
    access: "anyone",
    produces: "calendar",
    input: z.object({ token: z.unknown().optional() }),
    async run({ deps: { db, config } }, input) {
      const file = await enrolmentCalendar(db, config, typeof input.token === "string" ? input.token : "", lang);
      if (file === undefined) throw new HttpError(404, say(lang, "api.notFound"));
      return fileAnswer("calendar", file, { filename: "course-timetable.ics", cacheControl: "private, no-store", headers: { "X-Robots-Tag": "noindex" } });
    },
  });

/** The sections API: the public list and enrolment, and the staff's section endpoints. */
export function sectionsApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, [openSectionsOfCourse, staffSectionList, enrolmentCalendarFile("en"), enrolmentCalendarFile("ar"), ...sectionEndpoints]);
}
