import type { AppLoadContext } from "react-router";
import { langFromPath, localizePath } from "~/i18n/lang";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { parseRecordId } from "~/lib/record-id";
import { PICKUP_FORM } from "./attendance-forms";
import { tokenFrom } from "./check-in-page.server";
import { classPickupScreen, pickupPassScreen, recordClassPickup } from "./pickups.api";
import { requireTeachingPage } from "./teaching-page.server";

/**
 * /teaching/pickup (decision 142). Three ways in, all GET (a GET never writes):
 * - `?token=`: a guardian's pickup pass scanned (the phone's camera opens it): the guardian, their
 *   photo, whether they may collect, and their children in today's classes of this member;
 * - `?meeting=&enrolment=`: one child of a class (from the roster): who collected, who may collect
 *   with their photos, a field for a pass and the pickup list with a PIN;
 * - nothing: a field a desk scanner types a pickup pass into.
 * Each answer is the JSON endpoint's, run in process (its access and audit).
 */
export async function pickupPageData(context: AppLoadContext, request: Request) {
  requireTeachingPage(context, request);
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const token = url.searchParams.get("token");
  if (token) {
    const answer = await context.run(pickupPassScreen, { input: { token: tokenFrom(token.slice(0, 400)) }, lang });
    return { kind: "pass" as const, pass: answer.ok ? answer.body : null, message: answer.ok ? null : answer.body.message };
  }
  const meetingId = parseRecordId(url.searchParams.get("meeting") ?? undefined);
  const enrolmentId = parseRecordId(url.searchParams.get("enrolment") ?? undefined);
  if (meetingId !== null && enrolmentId !== null) {
    const answer = await context.run(classPickupScreen, { input: { meetingId, enrolmentId }, lang });
    return { kind: "child" as const, child: answer.ok ? answer.body : null, message: answer.ok ? null : answer.body.message };
  }
  return { kind: "scan" as const };
}
export type PickupPageData = Awaited<ReturnType<typeof pickupPageData>>;

/** Every form of the page without JavaScript: POST /api/teaching/pickups in process, then the child's pickup screen showing who collected. */
export function pickupPageAction(args: { request: Request; context: AppLoadContext }) {
  return postFormToApi(args, {
    form: PICKUP_FORM,
    endpoint: recordClassPickup,
    toBody: (fields) => ({
      meetingId: fields.meetingId ?? "",
      enrolmentId: fields.enrolmentId ?? "",
      ...(fields.token ? { token: tokenFrom(fields.token) } : {}),
      ...(fields.pickupId ? { pickupId: fields.pickupId } : {}),
      pin: fields.pin ?? "",
    }),
    onSuccess: (answer, _fields, lang) =>
      `${localizePath("/teaching/pickup", lang)}?meeting=${answer.body.meetingId}&enrolment=${answer.body.enrolmentId}#pickup-result`,
  });
}
