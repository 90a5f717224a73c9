import type { ActionFunctionArgs } from "react-router";
import { localizePath } from "~/i18n/lang";
import { withNotice } from "~/lib/forms/notice";
import { postTextForm } from "~/lib/forms/pick-fields.server";
import { brochureRequestSchema } from "./brochure.schema";
import { BROCHURE_FORM } from "./camp-forms";
import { requestBrochure } from "./camp.api";

/**
 * The brochure request posted without JavaScript: the endpoint of POST /api/summercamp/brochure in process, then to
 * the camp page with the thank-you notice, which starts the PDF download (BrochureDownload).
 */
export const brochureFormAction = (args: ActionFunctionArgs) =>
  postTextForm(args, {
    form: BROCHURE_FORM,
    endpoint: requestBrochure,
    schema: brochureRequestSchema,
    onSuccess: (_answer, lang) => withNotice(localizePath("/summer-camp", lang), "brochure-sent"),
  });
