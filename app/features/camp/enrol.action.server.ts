import type { ActionFunctionArgs } from "react-router";
import { safeLocalPath } from "~/lib/next-path";
import { localizePath } from "~/i18n/lang";
import { withNotice } from "~/lib/forms/notice";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { pickFields } from "~/lib/forms/pick-fields.server";
import { consentFields } from "~/features/consent/consent-fields";
import { CAMP_ENROL_FORM } from "./camp-forms";
import { postCampEnrolment } from "./camp.api";
import { campEnrolmentSchema } from "./enrol.schema";
import { quoteFormAction } from "~/features/billing/index.server";
import { serverT } from "~server/i18n";
import { findCamp } from "./camps.server";

/**
 * The enrolment posted without JavaScript: the endpoint of POST /api/summercamp/enroll in process, then straight to
 * the confirmation page (the enhanced form shows its toast first), with the thank-you message.
 */
export async function campEnrolFormAction(args: ActionFunctionArgs) {
  // "Apply code": the page again with the chosen camp's price and the code's discount (nothing stored).
  const posted = await args.request
    .clone()
    .formData()
    .catch(() => null);
  if (posted?.get("intent") === "quote") {
    return quoteFormAction(args, {
      name: CAMP_ENROL_FORM,
      offer: async (fields, lang) => {
        const camp = await findCamp(args.context.db, fields.selectedCamp ?? "");
        return camp ? { kind: "camp", id: camp.id } : { field: "selectedCamp", message: serverT(lang, "validation", "choice") };
      },
      childName: (fields) => fields.studentName ?? "",
    });
  }
  return postFormToApi(args, {
    form: CAMP_ENROL_FORM,
    endpoint: postCampEnrolment,
    // The schema's fields and the consent forms' (consent_<version>…, decision 078).
    toBody: (fields) => ({ ...pickFields(fields, Object.keys(campEnrolmentSchema.shape)), ...consentFields(fields) }),
    onSuccess: (answer, _fields, lang) => withNotice(safeLocalPath(answer.body.confirmationUrl) ?? localizePath("/", lang), "enroll-sent"),
  });
}
