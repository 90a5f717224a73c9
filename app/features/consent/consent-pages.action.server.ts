import { data, type ActionFunctionArgs } from "react-router";
import { requireAdminPage } from "~/lib/page-guards.server";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { completeForms, createForm, recordCampCheckout, sendReminders, unlockPickup, updateForm } from "./consent.api";
import { consentFields } from "./consent-fields";
import { checkoutFormName, completeFormName, EDIT_FORM, NEW_FORM, REMIND_FORM } from "./consent-form-names";

const formBody = (fields: Record<string, string>) => ({
  kind: fields.kind ?? "",
  required: fields.required === "yes",
  active: fields.active === "yes",
  titleEn: fields.titleEn ?? "",
  titleAr: fields.titleAr ?? "",
  bodyEn: fields.bodyEn ?? "",
  bodyAr: fields.bodyAr ?? "",
});

/** /admin/consent-forms: a new form (POST /api/admin/consent-forms), then its own page. */
export function newConsentFormAction(args: ActionFunctionArgs) {
  requireAdminPage(args.context, args.request);
  return postFormToApi(args, {
    form: NEW_FORM,
    endpoint: createForm,
    toBody: (fields) => {
      const { active: _a, ...body } = formBody(fields);
      return body;
    },
    onSuccess: (answer) => `${new URL(args.request.url).pathname}/${Number(answer.body.id)}?saved=1`,
  });
}

/** /admin/consent-forms/:id: the edit (PUT /api/admin/consent-forms/:id; new texts are a new version). */
export function editConsentFormAction(args: ActionFunctionArgs) {
  requireAdminPage(args.context, args.request);
  return postFormToApi(args, {
    form: EDIT_FORM,
    endpoint: updateForm,
    params: { id: String(args.params.id ?? "") },
    toBody: (fields) => {
      const { kind: _k, ...body } = formBody(fields);
      return body;
    },
    onSuccess: () => `${new URL(args.request.url).pathname}?saved=1`,
  });
}

/** /admin/consent-forms/missing: the reminder to every family of the list shown (POST /api/admin/consent/reminders). */
export function remindAction(args: ActionFunctionArgs) {
  requireAdminPage(args.context, args.request);
  const url = new URL(args.request.url);
  return postFormToApi(args, {
    form: REMIND_FORM,
    endpoint: sendReminders,
    toBody: (fields) => (fields.section ? { section: Number(fields.section) } : { camp: Number(fields.camp ?? ""), session: fields.session ?? "" }),
    onSuccess: (answer) => `${url.pathname}${url.search}${url.search ? "&" : "?"}reminded=${Number(answer.body.families)}#remind`,
  });
}

/** /consent/complete: one child's forms from a reminder's link (POST /api/consent/complete). */
export async function completeAction(args: ActionFunctionArgs) {
  const posted = await args.request
    .clone()
    .formData()
    .catch(() => null);
  const child = String(posted?.get("childName") ?? "");
  const url = new URL(args.request.url);
  return postFormToApi(args, {
    form: completeFormName(child),
    endpoint: completeForms,
    toBody: (fields) => ({ token: fields.token ?? "", childName: fields.childName ?? "", signerName: fields.signerName ?? "", ...consentFields(fields) }),
    onSuccess: () => `${url.pathname}${url.search}&done=1#forms`,
  });
}

/** /teaching/camp: one child's check-out (POST /api/teaching/camp/checkouts). */
export async function checkoutAction(args: ActionFunctionArgs) {
  requireAdminPage(args.context, args.request, "teaching");
  const posted = await args.request
    .clone()
    .formData()
    .catch(() => null);
  const id = String(posted?.get("enrollmentId") ?? "");
  // Staff's unlock of a pickup person's PIN (issue 39), shown under that child on the same screen.
  const unlock = String(posted?.get("unlockPickup") ?? "");
  if (unlock !== "") {
    if (!/^\d{1,9}$/.test(unlock) || !/^\d{1,9}$/.test(id)) throw data({ message: "Bad request." }, { status: 400 });
    const back = new URL(args.request.url);
    return postFormToApi(args, {
      form: checkoutFormName(id),
      endpoint: unlockPickup,
      params: { id: unlock },
      toBody: () => ({}),
      onSuccess: () => `${back.pathname}${back.search}#child-${id}`,
    });
  }
  if (!/^\d{1,9}$/.test(id)) throw data({ message: "Bad request." }, { status: 400 });
  const url = new URL(args.request.url);
  return postFormToApi(args, {
    form: checkoutFormName(id),
    endpoint: recordCampCheckout,
    toBody: (fields) => ({ enrollmentId: fields.enrollmentId ?? "", day: fields.day ?? "", pickup: fields.pickup ?? "", pin: fields.pin ?? "" }),
    onSuccess: () => `${url.pathname}${url.search}#child-${id}`,
  });
}
