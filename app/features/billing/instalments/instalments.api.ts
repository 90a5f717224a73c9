import { Router } from "express";
import { z } from "zod";
import { diffFields, recordAudit } from "~server/audit/audit";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";
import { formatMoney } from "~/lib/money";
import { paymentProviderOf } from "~/features/billing/payments/payment-provider.server";
import { equalSplit, MAX_PARTS, MIN_PARTS, isCalendarDay, type SplitProblem } from "~/features/billing/instalment-split";
import { invoiceInstalments, saveSplit, setInstalmentRule } from "./instalments.server";
import { invoiceCheckoutSchema, invoiceParams, ruleParams, ruleSchema, splitSchema } from "./instalments.schema";
import { startInvoiceCheckout } from "./invoice-checkout.server";
import { invoiceOfToken } from "./invoice-link.server";

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "instalments", key, values);

/** A refused split's 400: the first problem as the message, each on its field (`parts.1.dueOn`). */
function refuseSplit(lang: Lang, problems: SplitProblem[], owed: string, sum: (minor: number) => string): never {
  const errors: Record<string, string> = {};
  for (const problem of problems) {
    if (problem.kind === "count") errors.parts = say(lang, "api.count", { min: MIN_PARTS, max: MAX_PARTS });
    else if (problem.kind === "sum") errors.parts = say(lang, "api.sum", { sum: sum(problem.sumMinor), owed });
    else {
      const field = problem.kind === "amount" ? "amountMinor" : "dueOn";
      errors[`parts.${problem.index}.${field}`] ??= say(lang, `api.${problem.kind}`, { n: problem.index + 1 });
    }
  }
  throw new HttpError(400, Object.values(errors)[0]!, errors);
}

/**
 * POST /api/admin/billing/invoices/:id/instalments: splits an invoice (decision 091), from
 * `{ parts: [{ dueOn, amountMinor }] }` or the helper's `{ equal: { count, firstDueOn } }` → 200
 * `{ message, instalments }`. Re-splitting keeps paid parts as they are. Audited.
 */
export const splitInvoice = defineEndpoint({
  method: "POST",
  path: "/api/admin/billing/invoices/:id/instalments",
  access: "staff",
  params: invoiceParams,
  input: splitSchema,
  async run({ deps: { db }, caller, params }, input) {
    const lang = caller.lang;
    const result = await db.transaction().execute(async (trx) => {
      const state = await invoiceInstalments(trx, params.id);
      if (!state) throw new HttpError(404, say(lang, "api.notFound"));
      const money = (minor: number) => formatMoney(minor, state.invoice.currency, lang);
      let parts = input.parts ?? [];
      if (input.equal) {
        const { count, firstDueOn } = input.equal;
        if (count < MIN_PARTS || count > MAX_PARTS) refuseSplit(lang, [{ kind: "count" }], money(state.owedTotalMinor), money);
        if (!isCalendarDay(firstDueOn)) throw new HttpError(400, say(lang, "api.date", { n: 1 }), { "equal.firstDueOn": say(lang, "api.date", { n: 1 }) });
        parts = equalSplit(state.owedTotalMinor, count, firstDueOn);
      }
      const saved = await saveSplit(trx, params.id, parts);
      if (!saved.ok) {
        if (saved.reason === "notFound") throw new HttpError(404, say(lang, "api.notFound"));
        if (saved.reason === "invalid") refuseSplit(lang, saved.problems, money(saved.owedTotalMinor), money);
        if (saved.reason === "paidParts") throw new HttpError(409, say(lang, "api.paidParts", { paid: money(saved.paidMinor) }));
        throw new HttpError(409, say(lang, `api.${saved.reason}`));
      }
      await recordAudit(trx, {
        action: "instalments",
        entity: "invoice",
        entityId: params.id,
        name: state.invoice.number,
        changes: diffFields({ instalments: saved.before }, { instalments: saved.after }),
        userId: caller.user.id,
      });
      return (await invoiceInstalments(trx, params.id))!;
    });
    return { status: 200, body: { message: say(lang, "api.saved"), instalments: result.parts } };
  },
});

/** PUT /api/admin/billing/instalment-rules/:kind/:id: a course's or camp's `{ instalmentCount }` (0 or 2..12) → 200. Audited. */
export const saveInstalmentRule = defineEndpoint({
  method: "PUT",
  path: "/api/admin/billing/instalment-rules/:kind/:id",
  access: "staff",
  params: ruleParams,
  input: ruleSchema,
  async run({ deps: { db }, caller, params }, input) {
    const before = await db.transaction().execute(async (trx) => {
      const old = await setInstalmentRule(trx, params.kind, params.id, input.instalmentCount);
      if (old !== undefined)
        await recordAudit(trx, {
          action: "update",
          entity: params.kind,
          entityId: params.id,
          changes: diffFields({ instalment_count: old }, { instalment_count: input.instalmentCount }),
          userId: caller.user.id,
        });
      return old;
    });
    if (before === undefined) throw new HttpError(404, say(caller.lang, "api.offerNotFound"));
    return { status: 200, body: { message: say(caller.lang, "api.ruleSaved"), instalmentCount: input.instalmentCount } };
  },
});

/**
 * POST /api/payments/invoice-checkouts: `{ token, instalmentId }` (the invoice's payment link; a
 * part, or null for all that is owed) → 201 `{ url, sessionId }`, the provider's page. 404 when
 * online payment is off or the link opens nothing; 409 when there is nothing to pay that way.
 */
export const startInvoicePayment = defineEndpoint({
  method: "POST",
  path: "/api/payments/invoice-checkouts",
  access: "anyone",
  limits: [{ name: "invoice-checkout", limit: 10, windowMs: 60_000 }],
  input: invoiceCheckoutSchema,
  async run({ deps: { db, config, logger }, caller }, { token, instalmentId }) {
    const lang = caller.lang;
    const provider = paymentProviderOf(config);
    if (!provider) throw new HttpError(404, say(lang, "api.off"));
    const invoiceId = await invoiceOfToken(db, config.sessionSecret, token);
    let result;
    try {
      result = await startInvoiceCheckout(db, provider, { invoiceId, instalmentId, token, lang, publicUrl: config.publicUrl });
    } catch (error) {
      logger.error({ err: error }, "payment provider: invoice checkout not started");
      throw new HttpError(502, say(lang, "api.providerDown"));
    }
    if (!result.ok) {
      if (result.reason === "notFound") throw new HttpError(404, say(lang, "api.notFound"));
      return { status: 409, body: { message: say(lang, `api.${result.reason}`), reason: result.reason } };
    }
    return { status: 201, body: { message: say(lang, "api.started"), url: result.url, sessionId: result.sessionId } };
  },
});

/** GET /api/admin/billing/invoices/{id}/instalments → { invoice, owedTotalMinor, outstandingMinor, instalments }. */
export const readInstalments = defineEndpoint({
  method: "GET",
  path: "/api/admin/billing/invoices/:id/instalments",
  access: "staff",
  params: invoiceParams,
  notFound: { ns: "instalments", key: "api.notFound" },
  input: z.object({}),
  async run({ deps: { db }, caller, params: { id } }) {
    const state = await invoiceInstalments(db, id);
    if (!state) throw new HttpError(404, say(caller.lang, "api.notFound"));
    const { invoice } = state;
    return {
      status: 200,
      body: {
        invoice: {
          id: invoice.id,
          number: invoice.number,
          status: invoice.status,
          currency: invoice.currency,
          totalMinor: invoice.total_minor,
          issuedOn: state.issuedOn,
        },
        owedTotalMinor: state.owedTotalMinor,
        outstandingMinor: state.outstandingMinor,
        instalments: state.parts,
      },
    };
  },
});

export const instalmentEndpoints = [splitInvoice, saveInstalmentRule, startInvoicePayment, readInstalments];

/** The instalments API: an invoice's parts (read and split), the offers' rule, paying an invoice online. */
export function instalmentsApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use(jsonRoutes(deps, instalmentEndpoints));
  return router;
}
