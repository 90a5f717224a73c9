import type { ActionFunctionArgs } from "react-router";
import { safeLocalPath } from "~/lib/next-path";
import { localizePath } from "~/i18n/lang";
import { withNotice } from "~/lib/forms/notice";
import { postTextForm } from "~/lib/forms/pick-fields.server";
import { ENROLL_FORM } from "./camp-forms";
import { enrollInCamp } from "./camp.api";
import { enrollmentSchema } from "./enroll.schema";

/**
 * The enrollment posted without JavaScript: the endpoint of POST /api/summercamp/enroll in process, then straight to
 * the confirmation page (the enhanced form shows its toast first), with the thank-you message.
 */
export const enrollFormAction = (args: ActionFunctionArgs) =>
  postTextForm(args, {
    form: ENROLL_FORM,
    endpoint: enrollInCamp,
    schema: enrollmentSchema,
    onSuccess: (answer, lang) => withNotice(safeLocalPath(answer.body.confirmationUrl) ?? localizePath("/", lang), "enroll-sent"),
  });
