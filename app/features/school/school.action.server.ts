import type { ActionFunctionArgs } from "react-router";
import { withNotice } from "~/lib/forms/notice";
import { postTextForm } from "~/lib/forms/pick-fields.server";
import { SCHOOL_FORM_ID } from "./school-form-id";
import { sendSchoolEnquiry } from "./school.api";
import { schoolEnquirySchema } from "./school.schema";

/**
 * The school form posted without JavaScript, on any page that shows it (/contact-us-school,
 * /stemlab, the home page): the endpoint of POST /school/add-school-info in process, then back to that page with the
 * thank-you message.
 */
export const schoolFormAction = (args: ActionFunctionArgs) =>
  postTextForm(args, {
    form: SCHOOL_FORM_ID,
    endpoint: sendSchoolEnquiry,
    schema: schoolEnquirySchema,
    onSuccess: () => withNotice(new URL(args.request.url).pathname, "school-sent"),
  });
