import { data, type ActionFunctionArgs } from "react-router";
import { requireAdminPage } from "~/lib/page-guards.server";
import { langFromPath, type Lang } from "~/i18n/lang";
import { postFormToApi } from "~/lib/forms/form-action.server";
import type { ApiAnswer } from "~/lib/forms/form-state";
import { slotPayload, type BookingsBulkState, type BulkState } from "./admin-slots-forms";
import { bulkSlotsQuestion } from "./admin-slots.server";
import { bulkDemoSlots, createDemoSlot } from "./slots-admin.api";

const noStore = { "Cache-Control": "private, no-store" };

/**
 * The posts of /admin/slots, each the endpoint its JSON route serves, run in process (decision
 * 048): the one-slot form without JavaScript, the slots' bulk form (asking before a delete or a
 * close that ends a waitlist) and the chosen bookings' new status (asking before cancelling).
 */
export async function adminSlotsAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  requireAdminPage(context, request);
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const fields = await request
    .clone()
    .formData()
    .catch(() => null);
  const intent = fields?.get("intent");
  if (intent === "slot") {
    return postFormToApi(args, {
      form: "slot",
      endpoint: createDemoSlot,
      toBody: (form) => slotPayload(form),
      // To the calendar (a fragment of its own: the browser would keep the form's #create-slot).
      onSuccess: (_answer, form) => `${url.pathname}?view=week&date=${encodeURIComponent(form.date ?? "")}#slots-list`,
    });
  }
  if (fields && intent === "bookings-bulk") return bookingsBulk(fields, context, lang);
  if (fields && intent === "bulk") return slotsBulk(fields, context, lang);
  throw data({ message: "Bad request." }, { status: 400 });
}

const answered = <F extends "bulk" | "bookings-bulk">(form: F, answer: ApiAnswer) =>
  data({ form, ok: answer.status >= 200 && answer.status < 300, message: answer.body.message ?? "" }, { status: answer.status, headers: noStore });

/** Close, reopen or delete the ticked slots; a delete (or a close that ends a waitlist) asks first. */
async function slotsBulk(fields: FormData, context: ActionFunctionArgs["context"], lang: Lang) {
  const bulk = fields.get("bulk");
  const action = bulk === "close" || bulk === "reopen" || bulk === "delete" ? bulk : "close";
  const ids = fields.getAll("ids").map((id) => Number(id));
  if (ids.length === 0) return { form: "bulk", none: true } satisfies BulkState;
  if ((action === "delete" || action === "close") && fields.get("confirmed") !== "yes") {
    const ask = await bulkSlotsQuestion(context.db, action, ids);
    if (ask) return { form: "bulk", ask } satisfies BulkState;
  }
  const answer = await context.run(bulkDemoSlots, { input: { action, ids, ...(action === "delete" ? { confirm: true } : {}) }, lang });
  return answered("bulk", answer);
}

/**
 * The chosen bookings' new status through the endpoint of POST /api/admin/submissions/demo-bookings/bulk
 * (the one-booking functions, so a cancellation frees the seat and e-mails the parent). Cancelling
 * asks first on the page, without window.confirm, so it reads the same without JavaScript.
 */
async function bookingsBulk(fields: FormData, context: ActionFunctionArgs["context"], lang: Lang) {
  const ids = fields.getAll("ids").map((id) => (typeof id === "string" && /^\d{1,10}$/.test(id) ? Number(id) : id));
  if (ids.length === 0) return { form: "bookings-bulk", none: true } satisfies BookingsBulkState;
  const status = fields.get("status");
  if (status === "cancelled" && fields.get("confirmed") !== "yes" && ids.every((id) => typeof id === "number")) {
    return { form: "bookings-bulk", ask: { ids: ids as number[] } } satisfies BookingsBulkState;
  }
  const answer = await context.run(context.endpoints.changeSubmissionStatuses, { input: { status, ids }, params: { kind: "demo-bookings" }, lang });
  return answered("bookings-bulk", answer);
}
