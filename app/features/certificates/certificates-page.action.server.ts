import { data, type ActionFunctionArgs } from "react-router";
import type { Endpoint } from "~server/http/endpoint";
import { requireAdminPage } from "~/lib/page-guards.server";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { issueGroupCertificates, revokeGroupCertificate } from "./certificates.api";
import { ISSUE_FORM, revokeForm } from "./certificates-forms";

/** A posted whole number as a number (the JSON shape); anything else as typed, for the schema to refuse. */
export const number = (value: string | undefined) => (value !== undefined && /^-?\d{1,10}$/.test(value.trim()) ? Number(value) : value);

/** How a page's "issue" post reaches its endpoint: a group's, or a camp period's (the period in the post). */
export interface IssueRoute {
  endpoint: Endpoint;
  params: Record<string, string>;
  body: (form: Record<string, string>) => Record<string, unknown>;
  /** Query fields the page keeps across the post (the camp's chosen period). */
  keep?: string[];
}

/**
 * The posts of a certificates page, with or without JavaScript: issue (everyone, or one child)
 * and revoke, through the JSON endpoints run in process (decisions 080, 089).
 */
export async function certificatesAction(args: ActionFunctionArgs, issue: IssueRoute) {
  const { request, context } = args;
  requireAdminPage(context, request, "teaching");
  const url = new URL(request.url);
  const fields = await request
    .clone()
    .formData()
    .catch(() => null);
  const intent = fields?.get("intent");
  const back = (query: Record<string, string>, hash: string) => {
    const kept = Object.fromEntries((issue.keep ?? []).map((name) => [name, String(fields?.get(name) ?? "")]));
    const search = new URLSearchParams({
      ...kept,
      threshold: String(fields?.get("threshold") ?? ""),
      language: String(fields?.get("language") ?? "family"),
      ...query,
    });
    return `${url.pathname}?${search.toString()}#${hash}`;
  };
  if (intent === "issue")
    return postFormToApi(args, {
      form: ISSUE_FORM,
      endpoint: issue.endpoint,
      params: issue.params,
      toBody: (form) => ({
        ...issue.body(form),
        threshold: number(form.threshold),
        language: form.language || "family",
        ...(form.enrolmentId ? { enrolmentId: number(form.enrolmentId) } : {}),
      }),
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

/** The posts of /teaching/sections/:id/certificates. */
export const certificatesPageAction = (args: ActionFunctionArgs) =>
  certificatesAction(args, { endpoint: issueGroupCertificates, params: { id: String(args.params.id ?? "") }, body: () => ({}) });
