import type { Router } from "express";
import { z } from "zod";
import { recordAudit, diffFields } from "~server/audit/audit";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";
import { getSiteSettings, phoneCountryOf } from "~/features/site/site.server";
import { formatPhone, requiredText, v } from "~/lib/validation";
import { idParams, MAX_RECORD_ID } from "~/lib/record-id";
import { recordCheckout, unlockPickupPin } from "./camp-checkout.server";
import { createConsentForm, updateConsentForm } from "./consent-forms.server";
import { familyForms, linkEmail, missingConsent, remindMissing } from "./consent-missing.server";
import { checkEnrolmentConsent } from "./consent-enrolment.server";
import { currentConsentForms } from "./consent.server";
import { consentFormParams, consentFormSchema, consentFormUpdateSchema, missingQuery, remindersInput } from "./consent.schema";

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "consent", key, values);

/** GET /api/consent/forms: the forms a parent is asked now (current versions, required first), in the caller's language. */
export const listCurrentForms = defineEndpoint({
  method: "GET",
  path: "/api/consent/forms",
  access: "anyone",
  input: z.object({}),
  async run({ deps: { db }, caller }) {
    return { status: 200, body: { forms: await currentConsentForms(db, caller.lang) } };
  },
});

/** POST /api/admin/consent-forms: a new form, version 1. */
export const createForm = defineEndpoint({
  method: "POST",
  path: "/api/admin/consent-forms",
  access: "staff",
  input: consentFormSchema,
  async run({ deps: { db }, caller }, input) {
    const id = await db.transaction().execute(async (trx) => {
      const formId = await createConsentForm(trx, input, caller.user.id);
      await recordAudit(trx, {
        action: "create",
        entity: "consent_form",
        entityId: formId,
        changes: diffFields({}, { ...input, version: 1 }),
        userId: caller.user.id,
      });
      return formId;
    });
    return { status: 201, body: { message: say(caller.lang, "api.formCreated"), id } };
  },
});

/** PUT /api/admin/consent-forms/:id: changed texts publish the next version; required/active change in place. */
export const updateForm = defineEndpoint({
  method: "PUT",
  path: "/api/admin/consent-forms/:id",
  access: "staff",
  params: consentFormParams,
  input: consentFormUpdateSchema,
  async run({ deps: { db }, caller, params }, input) {
    const result = await db.transaction().execute(async (trx) => {
      const change = await updateConsentForm(trx, params.id, input, caller.user.id);
      if (change)
        await recordAudit(trx, {
          action: "update",
          entity: "consent_form",
          entityId: params.id,
          changes: diffFields(change.before, change.after),
          userId: caller.user.id,
        });
      return change;
    });
    if (!result) throw new HttpError(404, say(caller.lang, "api.formNotFound"));
    const key = result.after.version !== result.before.version ? "api.newVersion" : "api.formSaved";
    return { status: 200, body: { message: say(caller.lang, key, { version: result.after.version }), version: result.after.version } };
  },
});

/** GET /api/admin/consent/missing?section=ID | ?camp=ID&session=…: who is missing which required form. */
export const listMissing = defineEndpoint({
  method: "GET",
  path: "/api/admin/consent/missing",
  access: "staff",
  input: missingQuery,
  async run({ deps: { db }, caller }, input) {
    return { status: 200, body: { children: await missingConsent(db, input, caller.lang) } };
  },
});

/** POST /api/admin/consent/reminders { section } | { camp, session }: one e-mail per family missing a form. */
export const sendReminders = defineEndpoint({
  method: "POST",
  path: "/api/admin/consent/reminders",
  access: "staff",
  limits: [{ name: "consent-reminders", limit: 10, windowMs: 60_000 }],
  input: remindersInput,
  async run({ deps: { db, config }, caller }, input) {
    const families = await remindMissing(db, config.sessionSecret, input);
    await recordAudit(db, {
      action: "update",
      entity: "consent_reminders",
      entityId: "section" in input ? input.section : input.camp,
      changes: diffFields({}, { ...input, families }),
      userId: caller.user.id,
    });
    return { status: 200, body: { message: say(caller.lang, "api.reminded", { count: families }), families } };
  },
});

const completeSchema = z
  .object({ token: z.string({ error: v.invalid }).min(16).max(100), childName: requiredText(100), signerName: requiredText(100) })
  .catchall(z.unknown());

/** POST /api/consent/complete { token, childName, signerName, consent_… }: a reminder link's forms for one child, without signing in. */
export const completeForms = defineEndpoint({
  method: "POST",
  path: "/api/consent/complete",
  access: "anyone",
  limits: [{ name: "consent-complete", limit: 20, windowMs: 60_000 }],
  input: completeSchema,
  async run({ deps: { db, config }, caller }, input) {
    const lang = caller.lang;
    const email = await linkEmail(db, input.token);
    if (!email) throw new HttpError(404, say(lang, "api.linkGone"));
    const child = (await familyForms(db, email, lang)).find((c) => c.childName.trim().toLowerCase() === input.childName.trim().toLowerCase());
    if (!child) throw new HttpError(404, say(lang, "api.childUnknown"));
    const settings = await getSiteSettings(db);
    const consent = await checkEnrolmentConsent(db, input, {
      email,
      childName: child.childName,
      signerName: input.signerName,
      userId: caller.user?.id ?? null,
      lang,
      phoneCountry: phoneCountryOf(settings),
      secret: config.sessionSecret,
    });
    await db.transaction().execute((trx) => consent.save(trx, {}));
    return { status: 200, body: { message: say(lang, "api.completed", { child: child.childName }), answers: consent.answers.length } };
  },
});

const checkoutSchema = z.object({
  enrollmentId: z.coerce.number({ error: v.invalid }).int().min(1).max(MAX_RECORD_ID),
  day: z.string({ error: v.invalid }).regex(/^\d{4}-\d\d-\d\d$/, v.invalid),
  // A person of the list (their id), or "other": someone who is not on it.
  pickup: z.union([z.literal("other"), z.coerce.number().int().min(1).max(MAX_RECORD_ID)], { error: v.choice }),
  pin: z.string({ error: v.invalid }).trim().max(6, v.tooLong).optional().default(""),
});

/** POST /api/teaching/camp/checkouts: who collected a camp child today (staff and instructors); anyone not on the list is refused. */
export const recordCampCheckout = defineEndpoint({
  method: "POST",
  path: "/api/teaching/camp/checkouts",
  access: "teaching",
  limits: [{ name: "camp-checkout", limit: 30, windowMs: 60_000 }],
  input: checkoutSchema,
  async run({ deps: { db, config }, caller }, input) {
    const lang = caller.lang;
    const result = await recordCheckout(
      db,
      config.sessionSecret,
      { enrollmentId: input.enrollmentId, day: input.day, pickupId: input.pickup === "other" ? null : input.pickup, pin: input.pin },
      caller.user.id,
    );
    if (result.ok)
      return { status: 201, body: { message: say(lang, "checkout.recorded", { child: result.childName, person: result.collectedBy }), id: result.id } };
    if (result.reason === "notFound") throw new HttpError(404, say(lang, "checkout.notFound"));
    const message = say(lang, `checkout.${result.reason}`, { child: result.childName ?? "", phone: result.parentPhone ? formatPhone(result.parentPhone) : "" });
    const field = result.reason === "wrongPin" || result.reason === "pinNeeded" || result.reason === "pinLocked" ? "pin" : "pickup";
    if (result.reason === "already") return { status: 409, body: { message } };
    throw new HttpError(result.reason === "notOnList" ? 403 : 400, message, { [field]: message });
  },
});

/** POST /api/admin/camp/pickups/{id}/unlock: staff unlock a pickup person's PIN locked by wrong tries (issue 39); audited. */
export const unlockPickup = defineEndpoint({
  method: "POST",
  path: "/api/admin/camp/pickups/:id/unlock",
  access: "staff",
  noBody: true,
  limits: [{ name: "camp-pin-unlock", limit: 30, windowMs: 60_000 }],
  params: idParams,
  input: z.object({}),
  async run({ deps: { db }, caller, params }) {
    const outcome = await unlockPickupPin(db, params.id, caller.user.id);
    if (outcome === "notFound") throw new HttpError(404, say(caller.lang, "checkout.pickupNotFound"));
    if (outcome === "notLocked") return { status: 409, body: { message: say(caller.lang, "checkout.notLocked") } };
    return { status: 200, body: { message: say(caller.lang, "checkout.unlocked") } };
  },
});

export function consentApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, [listCurrentForms, createForm, updateForm, listMissing, sendReminders, completeForms, recordCampCheckout, unlockPickup]);
}
