import type { ActionFunctionArgs } from "react-router";
import { localizePath } from "~/i18n/lang";
import { requireAdminPage } from "~/lib/page-guards.server";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { postedNumber } from "~/lib/forms/pick-fields.server";
import { withNotice } from "~/lib/forms/notice";
import { convertDemoToEnrolment } from "./demo-enrolment.api";
import { CONVERT_FORM } from "./demo-forms";

/** The conversion form's post (with or without JavaScript): the endpoint of POST /api/admin/demo-bookings/{id}/enrolment. */
export async function demoConvertAction(args: ActionFunctionArgs) {
  requireAdminPage(args.context, args.request);
  const id = /^\d{1,9}$/.test(String(args.params.id ?? "")) ? String(args.params.id) : "0";
  return postFormToApi(args, {
    form: CONVERT_FORM,
    endpoint: convertDemoToEnrolment,
    params: { id },
    toBody: (fields) => ({ sectionId: postedNumber(fields.sectionId) }),
    onSuccess: (_answer, _fields, lang) => withNotice(localizePath(`/admin/demo-bookings/${id}/enrol`, lang), "demo-converted"),
  });
}
