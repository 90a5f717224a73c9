import type { ActionFunctionArgs } from "react-router";
import { safeLocalPath } from "~/lib/next-path";
import { localizePath } from "~/i18n/lang";
import { withNotice } from "~/lib/forms/notice";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { pickFields } from "~/lib/forms/pick-fields.server";
import { consentFields } from "~/features/consent/consent-fields";
import { ENROLL_FORM } from "./camp-forms";
import { enrollInCamp } from "./camp.api";
import { enrollmentSchema } from "./enroll.schema";

/**
 * The enrollment posted without JavaScript: the endpoint of POST /api/summercamp/enroll in process, then straight to
 * the confirmation page (the enhanced form shows its toast first), with the thank-you message.
 */
export const enrollFormAction = (args: ActionFunctionArgs) =>
  postFormToApi(args, {
    form: ENROLL_FORM,
    endpoint: enrollInCamp,
    // The schema's fields and the consent forms' (consent_<version>…, decision 078).
    toBody: (fields) => ({ ...pickFields(fields, Object.keys(enrollmentSchema.shape)), ...consentFields(fields) }),
    onSuccess: (answer, _fields, lang) => withNotice(safeLocalPath(answer.body.confirmationUrl) ?? localizePath("/", lang), "enroll-sent"),
  });
