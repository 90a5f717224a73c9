import type { ActionFunctionArgs } from "react-router";
import { safeLocalPath } from "~/features/accounts/next-path";
import { localizePath } from "~/i18n/lang";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { withNotice } from "~/lib/forms/notice";
import { pickFields } from "~/lib/forms/pick-fields";
import { ENROLL_FORM } from "./camp-forms";
import { enrollmentSchema } from "./enroll.schema";

const names = Object.keys(enrollmentSchema.shape);

/**
 * The enrollment posted without JavaScript: through POST /api/summercamp/enroll, then straight to
 * the confirmation page (the enhanced form shows its toast first), with the thank-you message.
 */
export function enrollFormAction(args: ActionFunctionArgs) {
  return postFormToApi(args, {
    form: ENROLL_FORM,
    path: "/api/summercamp/enroll",
    toBody: (fields) => pickFields(fields, names),
    onSuccess: (answer, _fields, lang) => withNotice(safeLocalPath(answer.body.confirmationUrl) ?? localizePath("/", lang), "enroll-sent"),
  });
}
