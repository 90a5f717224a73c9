import type { ActionFunctionArgs } from "react-router";
import { safeLocalPath } from "~/lib/next-path";
import { localizePath } from "~/i18n/lang";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { withNotice } from "~/lib/forms/notice";
import { sendContactMessage } from "./contact.api";
import { CONTACT_FORM } from "./contact.schema";

/**
 * The footer form posted without JavaScript (it posts to /contact-us): the endpoint of POST /contact-us/form,
 * then back to the page it was sent from with the same thank-you message.
 */
export function contactFormAction(args: ActionFunctionArgs) {
  return postFormToApi(args, {
    form: CONTACT_FORM,
    endpoint: sendContactMessage,
    toBody: ({ email, description, website }) => ({ email, description, website }),
    onSuccess: (_answer, fields, lang) => withNotice(safeLocalPath(fields.returnTo) ?? localizePath("/contact-us", lang), "contact-sent"),
  });
}
