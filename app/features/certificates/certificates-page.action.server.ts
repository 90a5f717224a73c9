import { data, type ActionFunctionArgs } from "react-router";
import { requireAdminPage } from "~/lib/page-guards.server";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { issueGroupCertificates, revokeGroupCertificate } from "./certificates.api";
import { ISSUE_FORM, revokeForm } from "./certificates-forms";


const number = (value: string | undefined) => (value !== undefined && /^-?\d{1,10}$/.test(value.trim()) ? Number(value) : value);

/**
 * The posts of /teaching/sections/:id/certificates, with or without JavaScript: issue (the whole
 * group, or one child) and revoke, through the JSON endpoints run in process (decision 080).
 */
export async function certificatesPageAction(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  requireAdminPage(context, request, "teaching");
  const url = new URL(request.url);
  const fields = await request.clone().formData().catch(() => null);
  const intent = fields?.get("intent");
  const back = (query: Record<string, string>, hash: string) => {
    const search = new URLSearchParams({ threshold: String(fields?.get("threshold") ?? ""), language: String(fields?.get("language") ?? "family"), ...query });
    return `${url.pathname}?${search.toString()}#${hash}`;
  };
  if (intent === "issue")
    return postFormToApi(args, {
      form: ISSUE_FORM,
      endpoint: issueGroupCertificates,
      params: { id: String(params.id ?? "") },
      toBody: (form) => ({ threshold: number(form.threshold), language: form.language || "family", ...(form.enrolmentId ? { enrolmentId: number(form.enrolmentId) } : {}) }),
      onSuccess: (answer, form) => back({ issued: String(answer.body.issued ?? 0) }, form.enrolmentId ? `child-${form.enrolmentId}` : "results"),
    });
  if (intent === "revoke") {
    const certificate = String(fields?.get("certificate") ?? "");
    return postFormToApi(args, {
      form: revokeForm(certificate),
      endpoint: revokeGroupCertificate,
      params: { id: certificate },
      toBody: (form) => ({ reason: form.reason ?? "" }),
      onSuccess: (_answer, form) => back({ revoked: certificate }, `child-${form.enrolmentId ?? ""}`),
    });
  }
  throw data({ message: "Bad request." }, { status: 400 });
}
