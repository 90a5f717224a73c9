import type { ActionFunctionArgs } from "react-router";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { withNotice } from "~/lib/forms/notice";
import { pickFields } from "~/lib/forms/pick-fields";
import { SCHOOL_FORM_ID } from "./school-form-id";
import { schoolEnquirySchema } from "./school.schema";

const names = Object.keys(schoolEnquirySchema.shape);

/**
 * The school form posted without JavaScript, on any page that shows it (/contact-us-school,
 * /stemlab, the home page): through POST /school/add-school-info, then back to that page with the
 * thank-you message.
 */
export function schoolFormAction(args: ActionFunctionArgs) {
  return postFormToApi(args, {
    form: SCHOOL_FORM_ID,
    path: "/school/add-school-info",
    toBody: (fields) => pickFields(fields, names),
    onSuccess: () => withNotice(new URL(args.request.url).pathname, "school-sent"),
  });
}
