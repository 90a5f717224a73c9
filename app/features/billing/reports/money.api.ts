import { familyEndpoint } from "~/features/family/account-owner.server";
import type { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { serverT } from "~server/i18n";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { paymentProviderOf } from "~/features/billing/payments/payment-provider.server";
import { zonedParts } from "~/lib/zoned-time";
import { accountInvoices } from "./account-invoices.server";
import { moneySummary } from "./money-summary.server";
import { periodOf, periodQuerySchema } from "./money-period";

/** GET /api/account/invoices: the signed-in family's invoices, credit notes and balance per currency (decision 093). */
export const listAccountInvoices = familyEndpoint("bill", {
  method: "GET",
  path: "/api/account/invoices",
  signedOut: { ns: "accounts", key: "api.notSignedIn" },
  // Nothing is read from the query: any parameters are ignored.
  input: z.object({}).passthrough(),
  async run({ deps: { db, config }, caller }) {
    const user = caller.user;
    const body = await accountInvoices(db, user.id, caller.lang, { linkSecret: config.sessionSecret, onlinePayment: paymentProviderOf(config) !== null });
    return { status: 200, body: { ...body } };
  },
});

/**
 * GET /api/admin/billing/summary?from=YYYY-MM-DD&to=YYYY-MM-DD (staff): collected in the period,
 * outstanding and overdue now, by course and by term, and the demo → paid funnel of the period's demo classes.
 */
export const billingSummary = defineEndpoint({
  method: "GET",
  path: "/api/admin/billing/summary",
  access: "staff",
  input: periodQuerySchema,
  async run({ deps: { db }, caller }, input) {
    const timeZone = await academyTimeZone(db);
    const period = periodOf(input, zonedParts(new Date(), timeZone).date);
    const summary = await moneySummary(db, { period, timeZone, lang: caller.lang, campLabel: serverT(caller.lang, "money", "camp") });
    return { status: 200, body: { ...summary, timeZone } };
  },
});

export const moneyEndpoints = [listAccountInvoices, billingSummary];

/** The account's invoices and the staff money view (issue 31 parts 2 and 7). */
export function moneyApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, moneyEndpoints);
}
