import type { Router } from "express";
import { z } from "zod";
import type { Lang } from "~/i18n/lang";
import { localizePath } from "~/i18n/lang";
import { idParams, recordId } from "~/lib/record-id";
import { v } from "~/lib/validation";
import { recordAudit } from "~server/audit/audit";
import { defineEndpoint, fileAnswer, jsonRoutes, type EndpointDeps, type FileAnswer, type RedirectAnswer } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { formatMoney } from "~/lib/money";
import { ownerOf, owns, requireFamilyPart } from "~/features/family/account-owner.server";
import { paymentProviderOf } from "~/features/billing/payments/payment-provider.server";
import { adminCreditNotePdfPath } from "~/features/billing/paths";
import { creditNoteDocument, familyOf, invoiceDocument } from "./billing-docs.server";
import { paymentForRefund, refundPayment } from "./refunds.server";
import { saveRefundPolicy } from "~/features/billing/refund-policy.server";
import { invoiceOfToken } from "~/features/billing/instalments/invoice-link.server";
import { isLinkToken } from "~/lib/link-token";

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "refunds", key, values);

/** Staff: part or all of a payment back. Minor units; the reason is kept on the credit note. */
export const refundSchema = z.object({
  amountMinor: z.number({ error: v.required }).int(v.invalid).min(1, v.invalid).max(1_000_000_000, v.invalid),
  reason: z.string({ error: v.required }).trim().min(1, v.required).max(500, v.tooLong),
});

/**
 * POST /api/admin/billing/payments/:id/refunds (staff): refunds `amountMinor` of a payment, at most
 * what is left of it → 201 `{ message, creditNote: { id, number, pdf }, refund: { id, state } }`.
 * An online payment goes back through the provider; a desk payment is recorded (decision 092).
 * 404 no such payment; 409 more than is left (`refundableMinor`), online without the provider's
 * keys; 502 the provider refused (nothing is refunded, the credit note is cancelled); 202 the
 * provider gave no clear answer (timeout, 5xx): the refund stays pending with its credit note and
 * the sweep asks again with the same idempotency key (decision 094).
 */
export const refundPaymentEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/admin/billing/payments/:id/refunds",
  access: "staff",
  params: idParams,
  limits: [{ name: "billing-refund", limit: 60, windowMs: 60_000 }],
  input: refundSchema,
  async run({ deps, caller, params }, input) {
    const lang = caller.lang;
    const result = await refundPayment(deps, paymentProviderOf(deps.config), {
      paymentId: params.id,
      amountMinor: input.amountMinor,
      reason: input.reason,
      staffId: caller.user.id,
    });
    if (!result.ok) {
      if (result.reason === "notFound") throw new HttpError(404, say(lang, "api.notFound"));
      if (result.reason === "providerRefused") return { status: 502, body: { message: say(lang, "api.providerRefused") } };
      if (result.reason === "noProvider") return { status: 409, body: { message: say(lang, "api.noProvider") } };
      const payment = await paymentForRefund(deps.db, params.id);
      const message = say(lang, "api.tooMuch", { amount: formatMoney(result.refundableMinor ?? 0, payment?.currency ?? "USD", lang) });
      return { status: 409, body: { message, errors: { amount: message }, refundableMinor: result.refundableMinor ?? 0 } };
    }
    return {
      // 202: the provider gave no clear answer; the refund stays pending and is asked again (decision 094).
      status: result.state === "pending" ? 202 : 201,
      body: {
        message: say(lang, result.state === "pending" ? "api.pending" : "api.refunded", { number: result.creditNote.number }),
        creditNote: { ...result.creditNote, pdf: adminCreditNotePdfPath(result.creditNote.id) },
        refund: { id: result.refundId, state: result.state },
      },
    };
  },
});

/** GET /api/admin/billing/payments/:id (staff): the payment, what is left to refund and its refunds. */
export const getPaymentEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/admin/billing/payments/:id",
  access: "staff",
  params: idParams,
  input: z.object({}),
  async run({ deps, caller, params }) {
    const payment = await paymentForRefund(deps.db, params.id);
    if (!payment) throw new HttpError(404, say(caller.lang, "api.notFound"));
    return { status: 200, body: { payment } };
  },
});

const percent = z.number({ error: v.required }).int(v.invalid).min(0, v.invalid).max(100, v.invalid);
export const refundPolicySchema = z.object({ percentBefore: percent, percentAfter: percent });
const policyParams = z.object({ kind: z.enum(["course", "camp"]), id: recordId });

/**
 * PUT /api/admin/billing/refund-policies/:kind/:id (staff; kind course|camp): the percent of what
 * was paid proposed back when an enrolment is dropped before the first class and after it → 200.
 */
export const saveRefundPolicyEndpoint = defineEndpoint({
  method: "PUT",
  path: "/api/admin/billing/refund-policies/:kind/:id",
  access: "staff",
  params: policyParams,
  input: refundPolicySchema,
  async run({ deps: { db }, caller, params }, input) {
    const saved = await saveRefundPolicy(db, params.kind, params.id, input, (trx, before) =>
      recordAudit(trx, {
        action: "update",
        entity: params.kind,
        entityId: params.id,
        changes: {
          refund_percent_before: { from: before.percentBefore, to: input.percentBefore },
          refund_percent_after: { from: before.percentAfter, to: input.percentAfter },
        },
        userId: caller.user.id,
      }),
    );
    if (!saved) throw new HttpError(404, say(caller.lang, "api.offerNotFound"));
    return { status: 200, body: { message: say(caller.lang, "api.policySaved"), policy: input } };
  },
});

export const refundEndpoints = [refundPaymentEndpoint, getPaymentEndpoint, saveRefundPolicyEndpoint] as const;

type DocKind = "invoice" | "creditNote";

/** An invoice's or credit note's PDF as a file answer, in `lang` (the family's language when none); 404 when there is none. */
async function pdfAnswer(deps: EndpointDeps, kind: DocKind, id: number, lang: Lang | undefined): Promise<FileAnswer> {
  // pdfkit and its fonts load with the first document, not at start.
  const { buildInvoicePdf, buildCreditNotePdf } = await import("./billing-pdf.server");
  let pdf: Buffer;
  let number: string;
  if (kind === "invoice") {
    const doc = await invoiceDocument(deps.db, id, lang);
    if (!doc) throw new HttpError(404, say(lang ?? "en", "api.docNotFound"));
    pdf = await buildInvoicePdf(doc);
    number = doc.invoice.number;
  } else {
    const doc = await creditNoteDocument(deps.db, id, lang);
    if (!doc) throw new HttpError(404, say(lang ?? "en", "api.docNotFound"));
    pdf = await buildCreditNotePdf(doc);
    number = doc.note.number;
  }
  return fileAnswer("pdf", pdf, { filename: `${number}.pdf`, inline: true, cacheControl: "private, no-store" });
}

/** GET /admin/billing/{invoices|credit-notes}/{id}/pdf: staff, any document, in the family's language. */
const staffPdfEndpoint = (kind: DocKind, segment: string) =>
  defineEndpoint({
    method: "GET",
    path: `/admin/billing/${segment}/:id/pdf`,
    access: "staff",
    produces: "pdf",
    params: idParams,
    notFound: { ns: "refunds", key: "api.docNotFound" },
    input: z.object({}),
    run: ({ deps, params: { id } }) => pdfAnswer(deps, kind, id, undefined),
  });

/**
 * GET /payments/invoice/pdf?token= (and /ar/...): the invoice e-mail's and the confirmation's PDF
 * link (issue 42): the invoice's signed token (decision 091) opens its PDF without signing in, as it
 * opens its payment page; in the address's language.
 */
const tokenPdfEndpoint = (lang: Lang) =>
  defineEndpoint({
    method: "GET",
    path: localizePath("/payments/invoice/pdf", lang),
    access: "anyone",
    produces: "pdf",
    // Anything but a token-shaped string names no invoice: 404, as an unknown token.
    input: z.object({ token: z.string().optional().catch(undefined) }),
    async run({ deps }, { token = "" }) {
      const id = isLinkToken(token) ? await invoiceOfToken(deps.db, deps.config.sessionSecret, token) : undefined;
      if (id === undefined) throw new HttpError(404, say(lang, "api.docNotFound"));
      return pdfAnswer(deps, "invoice", id, lang);
    },
  });

export const billingPdfEndpoints = [
  staffPdfEndpoint("invoice", "invoices"),
  staffPdfEndpoint("creditNote", "credit-notes"),
  tokenPdfEndpoint("en"),
  tokenPdfEndpoint("ar"),
];

/**
 * GET /account/{invoices|credit-notes}/{id}/pdf (and /ar/...): a signed-in family's own document
 * (the one ownership rule, account-owner.server: the account's id or its proven e-mail; another's
 * is a 404), in the language of the address. Signed out, the link goes to sign in and back here,
 * whatever the id (so the id is checked after, in the address's language).
 */
const familyPdfEndpoint = (kind: DocKind, segment: string, lang: Lang) =>
  defineEndpoint({
    method: "GET",
    path: localizePath(`/account/${segment}/:id/pdf`, lang),
    access: "anyone",
    produces: "pdf",
    redirects: "signed out: 303 to the sign-in page, which comes back here",
    params: z.object({ id: z.string() }),
    input: z.object({}),
    async run({ deps, caller, params }): Promise<FileAnswer | RedirectAnswer> {
      if (!caller.user) return { status: 303, location: `${localizePath("/login", lang)}?next=${encodeURIComponent(caller.url)}` };
      // A payer's part, and a full parent's (decision 139): a view-only or pickup guardian gets 403.
      await requireFamilyPart(deps.db, caller.user.id, "bill", lang);
      if (!/^\d{1,9}$/.test(params.id)) throw new HttpError(404, say(lang, "api.docNotFound"));
      const id = Number(params.id);
      const family = await familyOf(deps.db, kind, id);
      if (!family || !owns(await ownerOf(deps.db, caller.user.id), family)) throw new HttpError(404, say(lang, "api.docNotFound"));
      return pdfAnswer(deps, kind, id, lang);
    },
  });

const familyPdfEndpoints = (["en", "ar"] as const).flatMap((lang) => [
  familyPdfEndpoint("invoice", "invoices", lang),
  familyPdfEndpoint("creditNote", "credit-notes", lang),
]);

/**
 * The PDFs (decision 092): staff any invoice or credit note, in the family's language; a signed-in
 * family only its own, in the language of the address (/ar/...); the invoice's signed link.
 */
export function refundsApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, [...refundEndpoints, ...billingPdfEndpoints, ...familyPdfEndpoints]);
}
