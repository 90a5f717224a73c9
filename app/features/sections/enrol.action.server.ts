import { data, type ActionFunctionArgs } from "react-router";
import type { FormState } from "~/lib/forms/form-state";
import { serverT } from "~server/i18n";
import { langFromPath } from "~/i18n/lang";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { pickFields, postedNumber } from "~/lib/forms/pick-fields.server";
import { localizePath } from "~/i18n/lang";
import { safeLocalPath } from "~/lib/next-path";
import { joinSectionWaitlistEndpoint } from "./enrolment-changes.api";
import { enrolInSection } from "./sections.api";

import { consentFields } from "~/features/consent/consent-fields";
import { ENROL_FORM } from "./forms";
import { quoteFormAction } from "~/features/billing/index.server";

const toBody = (fields: Record<string, string>) => ({
  ...pickFields(fields, ["childName", "parentName", "email", "phone", "phoneCountry", "website", "demo", "promoCode"]),
  childAge: postedNumber(fields.childAge),
  childId: postedNumber(fields.childId) ?? null,
  // The WhatsApp / SMS opt-in (decision 132): a ticked box posts "on".
  messagingWhatsapp: Object.hasOwn(fields, "messagingWhatsapp"),
  messagingSms: Object.hasOwn(fields, "messagingSms"),
  // The consent forms' answers (decision 078).
  ...consentFields(fields),
});

/**
 * The course page's form post: the endpoint of POST /api/sections/{id}/enrolments (limits, honeypot,
 * validation are the API's), then back to the course page saying the child is enrolled. Refusals
 * (400, 404, 409) render back into the page with the values and each field's message.
 */
export async function enrolFormAction(args: ActionFunctionArgs) {
  const slug = String(args.params.slug ?? "");
  // The section is a field of the form but the endpoint's path parameter: read it from a copy of the post.
  const posted = await args.request
    .clone()
    .formData()
    .catch(() => null);
  const sectionId = posted?.get("sectionId");
  if (typeof sectionId !== "string" || !/^\d{1,9}$/.test(sectionId)) {
    const lang = langFromPath(new URL(args.request.url).pathname);
    const values = posted ? Object.fromEntries([...posted].filter((entry): entry is [string, string] => typeof entry[1] === "string")) : {};
    const message = serverT(lang, "validation", "choice");
    const state: FormState = { form: ENROL_FORM, values, errors: { sectionId: message }, message: serverT(lang, "validation", "summary") };
    return data(state, { status: 400, headers: { "Cache-Control": "private, no-store" } });
  }
  // "Apply code": the same page again with the price the code gives (nothing stored).
  if (posted?.get("intent") === "quote") {
    return quoteFormAction(args, {
      name: ENROL_FORM,
      offer: async () => ({ kind: "section", id: Number(sectionId) }),
      childName: (fields) => fields.childName ?? "",
    });
  }
  // "Join the waitlist" (a full group): the same fields, the waitlist's endpoint, then the place's own page.
  if (posted?.get("intent") === "waitlist") {
    return postFormToApi(args, {
      form: ENROL_FORM,
      endpoint: joinSectionWaitlistEndpoint,
      params: { id: sectionId },
      toBody,
      onSuccess: (answer, _fields, lang) => safeLocalPath(answer.body.statusUrl) ?? localizePath(`/courses/${slug}`, lang),
    });
  }
  return postFormToApi(args, {
    form: ENROL_FORM,
    endpoint: enrolInSection,
    params: { id: sectionId },
    toBody,
    // A seat held for an online payment (decision 085): on to its payment page; else the confirmation
    // page (issue 42), opened at its top: without a fragment of its own the browser keeps the form's "#enrol".
    onSuccess: (answer, _fields, lang) => {
      const confirmation = safeLocalPath(answer.body.confirmationUrl);
      return (
        safeLocalPath(answer.body.paymentUrl) ??
        (confirmation ? `${confirmation}#main` : `${localizePath(`/courses/${slug}`, lang)}?enrolled=${String(answer.body.code ?? "")}#enrol`)
      );
    },
  });
}
