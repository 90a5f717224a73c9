import type { ActionFunctionArgs } from "react-router";
import { localizePath } from "~/i18n/lang";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { withNotice } from "~/lib/forms/notice";
import { pickFields } from "~/lib/forms/pick-fields";
import { brochureRequestSchema } from "./brochure.schema";
import { BROCHURE_FORM } from "./camp-forms";

const names = Object.keys(brochureRequestSchema.shape);

/**
 * The brochure request posted without JavaScript: through POST /api/summercamp/brochure, then to
 * the camp page with the thank-you notice, which starts the PDF download (BrochureDownload).
 */
export function brochureFormAction(args: ActionFunctionArgs) {
  return postFormToApi(args, {
    form: BROCHURE_FORM,
    path: "/api/summercamp/brochure",
    toBody: (fields) => pickFields(fields, names),
    onSuccess: (_answer, _fields, lang) => withNotice(localizePath("/summer-camp", lang), "brochure-sent"),
  });
}
