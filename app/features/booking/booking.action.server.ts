import type { ActionFunctionArgs } from "react-router";
import { safeLocalPath } from "~/lib/next-path";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { pickFields, postedNumber as numberOf } from "~/lib/forms/pick-fields.server";
import { withNotice } from "~/lib/forms/notice";
import { localizePath } from "~/i18n/lang";
import { bookDemo, rescheduleDemoBooking } from "./booking.api";
import { BOOKING_FORM, RESCHEDULE_FORM, WAITLIST_FORM } from "./booking-forms";
import { bookingPagePath, waitlistPath } from "./paths";
import { joinDemoWaitlist } from "./waitlist.api";

const textFields = ["childName", "parentName", "email", "phone", "phoneCountry", "website"];

/**
 * The demo booking posted without JavaScript: the endpoint of POST /api/courses/{course}/demo-bookings,
 * then to the confirmation page the enhanced form goes to. Refusals (400, 404, 409) render back.
 */
export function bookingFormAction(args: ActionFunctionArgs) {
  const course = String(args.params.course ?? "");
  return postFormToApi(args, {
    form: BOOKING_FORM,
    endpoint: bookDemo,
    params: { course },
    toBody: (fields) => ({
      ...pickFields(fields, textFields),
      slotId: numberOf(fields.slotId),
      childAge: numberOf(fields.childAge),
      // A ticked checkbox posts "on"; an unticked one posts nothing.
      ageConfirmed: Object.hasOwn(fields, "ageConfirmed"),
      messagingWhatsapp: Object.hasOwn(fields, "messagingWhatsapp"),
      messagingSms: Object.hasOwn(fields, "messagingSms"),
    }),
    onSuccess: (answer, _fields, lang) => safeLocalPath(answer.body.confirmationUrl) ?? bookingPagePath(course, lang),
  });
}

/**
 * Joining a full time's waitlist without JavaScript: the endpoint of POST /api/courses/{course}/demo-waitlist
 * (rate limit, honeypot, validation are the API's), then to the entry's page. Refusals render back.
 */
export function waitlistJoinFormAction(args: ActionFunctionArgs) {
  const course = String(args.params.course ?? "");
  return postFormToApi(args, {
    form: WAITLIST_FORM,
    endpoint: joinDemoWaitlist,
    params: { course },
    toBody: (fields) => ({
      ...pickFields(fields, textFields),
      slotId: numberOf(fields.slotId),
      childAge: numberOf(fields.childAge),
      ageConfirmed: Object.hasOwn(fields, "ageConfirmed"),
    }),
    onSuccess: (answer, _fields, lang) => (typeof answer.body.token === "string" ? waitlistPath(answer.body.token, lang) : bookingPagePath(course, lang)),
  });
}

/**
 * The reschedule page's post (with or without JavaScript): the endpoint of POST /api/demo-bookings/reschedule,
 * then to the booking's confirmation page saying it moved. Refusals (404, 409) render back.
 */
export function rescheduleFormAction(args: ActionFunctionArgs) {
  return postFormToApi(args, {
    form: RESCHEDULE_FORM,
    endpoint: rescheduleDemoBooking,
    toBody: (fields) => ({ token: fields.token ?? "", slotId: numberOf(fields.slotId) }),
    onSuccess: (answer, _fields, lang) => withNotice(safeLocalPath(answer.body.confirmationUrl) ?? localizePath("/account", lang), "rescheduled"),
  });
}
