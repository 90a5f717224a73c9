import { data, type ActionFunctionArgs, type AppLoadContext } from "react-router";
import { formatCalendarDay, formatInstant } from "~/lib/dates";
import { randomToken } from "~/lib/random-token.server";
import { langFromPath, localizePath, type Lang } from "~/i18n/lang";
import { requireAdminPage } from "~/lib/page-guards.server";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { formatMoney, majorText, parseMajor } from "~/lib/money";
import { getBillingInvoice, getFamilyStatement, listBillingInvoices, recordDeskPayment, resolvePaymentNotice } from "./desk.api";
import { academyToday } from "./desk.server";
import { openPaymentNotices } from "./payment-notices-view.server";
import type { AnyEndpoint } from "~server/http/endpoint";

/**
 * The staff billing pages' loaders and action (decision 090): each runs the endpoint its JSON
 * route serves (context.run), so the page shows what the API answers and posts what it takes.
 */

type PageArgs = { request: Request; context: AppLoadContext; params: Record<string, string | undefined> };

async function run<E extends AnyEndpoint>(args: PageArgs, endpoint: E, input: unknown, params?: Record<string, string>) {
  requireAdminPage(args.context, args.request);
  const lang = langFromPath(new URL(args.request.url).pathname);
  const answer = await args.context.run(endpoint, { input, params, lang });
  if (!answer.ok || answer.status !== 200) throw data({ message: answer.body.message ?? "" }, { status: answer.status });
  return { lang, body: answer.body };
}

/** Each YYYY-MM-DD in a text wrapped in Unicode isolates (LRI … PDI), so right-to-left text keeps its order. */
export const isolateDates = (text: string): string => text.replace(/\d{4}-\d{2}-\d{2}/g, (date) => `\u2066${date}\u2069`);

const money = (amountMinor: number, currency: string, lang: Lang) => formatMoney(amountMinor, currency, lang);

/** /admin/billing: the list as filtered, its totals and its pages. */
export async function billingListLoader(args: PageArgs) {
  const url = new URL(args.request.url);
  const raw = Object.fromEntries([...url.searchParams].filter(([name]) => ["status", "q", "page"].includes(name)));
  const { lang, body } = await run(args, listBillingInvoices, raw);
  const invoices = body.invoices;
  const status = typeof raw.status === "string" ? raw.status : "";
  const q = typeof raw.q === "string" ? raw.q.trim() : "";
  const pageHref = (page: number) => `?${new URLSearchParams({ ...(status ? { status } : {}), ...(q ? { q } : {}), page: String(page) }).toString()}`;
  return {
    status,
    q,
    timeZone: body.timeZone,
    count: body.total,
    page: body.page,
    pages: body.pages,
    previous: body.page > 1 ? pageHref(body.page - 1) : null,
    next: body.page < body.pages ? pageHref(body.page + 1) : null,
    outstanding: body.outstanding.map((row) => ({ currency: row.currency, amount: money(row.amountMinor, row.currency, lang) })),
    // Staff's tasks about money (decision 094), here as on the dashboard: e.g. a payment on a void invoice kept as credit.
    paymentNotices: await openPaymentNotices(args.context.db),
    noticeResolved: url.searchParams.has("notice-resolved"),
    invoices: invoices.map((row) => ({
      id: row.id,
      number: row.number,
      familyKey: row.familyKey,
      parentName: row.parentName,
      childName: row.childName,
      total: money(row.totalMinor, row.currency, lang),
      owed: money(Math.max(0, row.outstandingMinor), row.currency, lang),
      status: row.overdue ? "overdue" : row.status,
      dueOn: formatCalendarDay(row.dueOn, lang),
    })),
  };
}

/** /admin/billing/invoices/:id: the invoice as staff read it, amounts formatted in the page's language. */
export async function invoiceLoader(args: PageArgs) {
  const url = new URL(args.request.url);
  const { lang, body } = await run(args, getBillingInvoice, {}, { id: args.params.id ?? "" });
  const invoice = body.invoice;
  const { timeZone } = await academyToday(args.context.db);
  const m = (amountMinor: number) => money(amountMinor, invoice.currency, lang);
  // The site's one date and 24-hour clock (decision 112): ISO instants are for the CSV only.
  const when = (instant: string) => formatInstant(instant, lang, timeZone);
  return {
    timeZone,
    saved: url.searchParams.get("paid"),
    invoice: {
      id: invoice.id,
      number: invoice.number,
      familyKey: invoice.familyKey,
      parentName: invoice.parentName,
      email: invoice.email,
      childName: invoice.childName,
      // A date inside Arabic text is isolated left to right, or its parts show reversed (11-12-2026).
      description: isolateDates(lang === "ar" ? invoice.descriptionAr : invoice.descriptionEn),
      currency: invoice.currency,
      total: m(invoice.totalMinor),
      tax:
        invoice.taxMinor > 0
          ? { name: invoice.taxName, rate: String(invoice.taxRateBp / 100), amount: m(invoice.taxMinor), inclusive: invoice.taxInclusive }
          : null,
      taxRegistration: invoice.taxRegistration,
      status: invoice.overdue ? "overdue" : invoice.status,
      live: invoice.status !== "void",
      owedMinor: invoice.outstandingMinor,
      owed: m(Math.max(0, invoice.outstandingMinor)),
      overpaid: invoice.outstandingMinor < 0 ? m(-invoice.outstandingMinor) : null,
      maxPayment: majorText(Math.max(0, invoice.outstandingMinor), invoice.currency),
      // One key per render of the desk payment form (decision 101).
      paymentKey: randomToken(),
      issued: when(invoice.issuedAt),
      dueOn: formatCalendarDay(invoice.dueOn, lang),
      lines: invoice.lines.map((line) => ({ id: line.id, label: lang === "ar" ? line.labelAr : line.labelEn, amount: m(line.amountMinor) })),
      instalments: invoice.instalments.map((row) => ({
        id: row.id,
        position: row.position,
        dueOn: formatCalendarDay(row.dueOn, lang),
        amount: m(row.amountMinor),
      })),
      payments: invoice.payments.map((row) => ({
        id: row.id,
        kind: row.kind,
        method: row.method,
        // In its own currency: money received in another one than the invoice's is the family's credit.
        amount: money(row.amountMinor, row.currency, lang),
        reference: row.reference,
        received: when(row.receivedAt),
        recordedBy: row.recordedBy,
        refundable: row.refundableMinor > 0,
      })),
      creditNotes: invoice.creditNotes.map((row) => ({
        id: row.id,
        number: row.number,
        amount: m(row.amountMinor),
        kind: row.kind,
        reason: row.reason,
        created: when(row.createdAt),
      })),
    },
  };
}

/** /admin/billing/families/:familyKey: the statement with running balances. */
export async function statementLoader(args: PageArgs) {
  const { lang, body } = await run(args, getFamilyStatement, {}, { familyKey: args.params.familyKey ?? "" });
  const statement = body;
  const { timeZone } = await academyToday(args.context.db);
  return {
    timeZone,
    familyKey: statement.familyKey,
    parentName: statement.parentName,
    balances: statement.balances.map((row) => ({
      currency: row.currency,
      balanceMinor: row.balanceMinor,
      amount: money(Math.abs(row.balanceMinor), row.currency, lang),
    })),
    entries: statement.entries.map((row) => ({
      id: row.id,
      kind: row.kind,
      at: formatInstant(row.at, lang, timeZone),
      invoiceId: row.invoiceId,
      invoiceNumber: row.invoiceNumber,
      method: row.method,
      reference: row.reference,
      creditNoteNumber: row.creditNoteNumber,
      amount: money(row.amountMinor, row.currency, lang),
      balance: money(row.balanceMinor, row.currency, lang),
    })),
  };
}

/** The invoice page's desk payment form, as the JSON endpoint's body: the amount typed in major units becomes minor units. */
export function deskPaymentBody(fields: Record<string, string>, currency: string) {
  const typed = (fields.amount ?? "").trim();
  const instalment = (fields.instalmentId ?? "").trim();
  return {
    method: (fields.method ?? "").trim(),
    // What does not read as money goes on as typed, for the schema to refuse with its message.
    amountMinor: typed === "" ? null : (parseMajor(typed, currency) ?? typed),
    reference: fields.reference ?? "",
    instalmentId: instalment === "" ? null : /^\d{1,10}$/.test(instalment) ? Number(instalment) : instalment,
    ...(fields.idempotencyKey ? { idempotencyKey: fields.idempotencyKey } : {}),
  };
}

/** POST /admin/billing/invoices/:id: the desk payment, through the endpoint its JSON route serves. */
export async function deskPaymentAction(args: ActionFunctionArgs) {
  requireAdminPage(args.context, args.request);
  const url = new URL(args.request.url);
  const id = String(args.params.id ?? "");
  // The amount is typed in the invoice's currency's major units (3 decimals for KWD, none for JPY).
  const invoice = /^\d{1,9}$/.test(id)
    ? await args.context.db.selectFrom("invoices").select("currency").where("id", "=", Number(id)).executeTakeFirst()
    : undefined;
  return postFormToApi(args, {
    form: "desk-payment",
    endpoint: recordDeskPayment,
    params: { id: String(args.params.id ?? "") },
    toBody: (fields) => deskPaymentBody(fields, invoice?.currency ?? "USD"),
    onSuccess: (answer) => `${url.pathname}?paid=${answer.body.invoicePaid ? "full" : "part"}#payments`,
  });
}

/**
 * POST /admin/billing?notice=:id: a payment notice marked resolved (the panel's form, on this page
 * and the dashboard, without JavaScript), through the endpoint its JSON route serves; back to the
 * page it was posted from.
 */
export async function resolveNoticeAction(args: ActionFunctionArgs) {
  requireAdminPage(args.context, args.request);
  const id = new URL(args.request.url).searchParams.get("notice") ?? "";
  return postFormToApi(args, {
    form: "payment-notice",
    endpoint: resolvePaymentNotice,
    params: { id },
    toBody: () => ({}),
    onSuccess: (_answer, fields, lang) =>
      `${localizePath(fields.back === "dashboard" ? "/admin" : "/admin/billing", lang)}?notice-resolved=1#payment-notices-title`,
  });
}
