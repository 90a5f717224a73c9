import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";
import { enrolmentPaymentPath } from "~/features/billing/paths";
import { currencyCode } from "~/lib/money";
import { findInvoiceOf } from "~/features/billing/ledger.server";
import { amountDue } from "~/features/billing/rules";
import { providerAccepts, type PaymentProvider } from "./payment-provider.server";
import { enrolmentForPaymentPage } from "~/features/enrolments/queries.server";

/** At most this many checkouts are started for one held enrolment (each is a session at the provider). */
export const MAX_CHECKOUTS_PER_ENROLMENT = 10;

// Stripe Checkout takes an expiry 30 minutes to 24 hours ahead; a minute's margin each side.
const MIN_SESSION_MS = 31 * 60_000;
const MAX_SESSION_MS = 23 * 3_600_000;

/** A section enrolment as its payment page shows it. */
export async function enrolmentForPayment(db: DB, id: number, lang: Lang) {
  const row = await enrolmentForPaymentPage(db, id);
  if (!row) return undefined;
  const paid = await db
    .selectFrom("payment_checkouts")
    .select(["paid_amount_minor", "currency", "paid_at", "status"])
    .where("enrolment_id", "=", id)
    .where("status", "in", ["paid", "refunded"])
    .orderBy("id")
    .execute();
  const kept = paid.find((checkout) => checkout.status === "paid");
  // What the family is asked online is what its invoice still owes, tax included (decision 101).
  const invoice = await findInvoiceOf(db, { kind: "section", enrolmentId: id });
  const due = invoice ? await amountDue(db, invoice.id) : undefined;
  // Paid in full at the desk (decision 100): the link says paid, as for an online payment, and opens no checkout.
  const settled = kept
    ? undefined
    : await db
        .selectFrom("invoices")
        .select(["total_minor", "currency", "updated_at"])
        .where("enrolment_id", "=", id)
        .where("status", "=", "paid")
        .where("total_minor", ">", 0)
        .executeTakeFirst();
  return {
    id: row.id,
    reference: row.reference,
    code: row.code,
    status: row.status,
    holdUntil: row.payment_hold_until,
    childName: row.child_name,
    email: row.email,
    familyLang: row.lang,
    courseName: pick(row, "name", lang),
    courseSlug: row.slug,
    startsAt: row.starts_at,
    amountMinor: due?.amountMinor ?? 0,
    currency: due?.currency ?? currencyCode(row.currency),
    paid: kept
      ? { amountMinor: kept.paid_amount_minor ?? 0, currency: kept.currency, at: kept.paid_at ?? "" }
      : settled
        ? { amountMinor: settled.total_minor, currency: settled.currency, at: settled.updated_at }
        : null,
    refunded: paid.some((checkout) => checkout.status === "refunded"),
  };
}
export type EnrolmentToPay = NonNullable<Awaited<ReturnType<typeof enrolmentForPayment>>>;

/** Where the family pays now, as the page and the API tell it. */
export type PayState = "held" | "paid" | "expired" | "desk" | "ended";
export function payStateOf(enrolment: EnrolmentToPay, now = nowIso()): PayState {
  if (enrolment.paid) return "paid";
  // The sweep leaves the hold's time on the enrolment it cancels: that hold ran out unpaid.
  if (enrolment.status !== "enrolled") return enrolment.holdUntil !== null ? "expired" : "ended";
  if (enrolment.holdUntil === null) return "desk";
  return enrolment.holdUntil > now ? "held" : "expired";
}

export type StartResult =
  { ok: true; url: string; sessionId: string } | { ok: false; reason: "notFound" | "paid" | "expired" | "notHeld" | "tooMany" | "notPayable" };

/**
 * Starts a hosted checkout for a held enrolment: a new session at the provider for the course fee,
 * its success and cancel URLs back to the payment page in the family's language, then its row
 * (status open). A session outlives the hold when less than Stripe's 30 minutes are left: a payment
 * after the hold is then the late case of onCheckoutPaid.
 */
export async function startCheckout(
  db: DB,
  provider: PaymentProvider,
  options: { enrolmentId: number | undefined; token: string; lang: Lang; publicUrl: string },
): Promise<StartResult> {
  const enrolment = options.enrolmentId === undefined ? undefined : await enrolmentForPayment(db, options.enrolmentId, options.lang);
  if (!enrolment) return { ok: false, reason: "notFound" };
  const state = payStateOf(enrolment);
  if (state === "paid") return { ok: false, reason: "paid" };
  if (state === "expired") return { ok: false, reason: "expired" };
  if (state !== "held" || enrolment.amountMinor <= 0) return { ok: false, reason: "notHeld" };
  const { n } = await db
    .selectFrom("payment_checkouts")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("enrolment_id", "=", enrolment.id)
    .executeTakeFirstOrThrow();
  if (Number(n) >= MAX_CHECKOUTS_PER_ENROLMENT) return { ok: false, reason: "tooMany" };
  if (!providerAccepts(provider, enrolment.amountMinor, enrolment.currency)) return { ok: false, reason: "notPayable" };
  const now = Date.now();
  const expiresAt = new Date(Math.min(Math.max(Date.parse(enrolment.holdUntil!), now + MIN_SESSION_MS), now + MAX_SESSION_MS)).toISOString();
  const page = options.publicUrl + enrolmentPaymentPath(options.token, options.lang);
  const session = await openCheckout(db, provider, {
    page,
    amountMinor: enrolment.amountMinor,
    currency: enrolment.currency,
    description: `${enrolment.courseName} — ${enrolment.childName}`,
    reference: enrolment.code,
    customerEmail: enrolment.email,
    lang: options.lang,
    expiresAt,
    row: { kind: "section", enrolment_id: enrolment.id, hold_expires_at: enrolment.holdUntil! },
  });
  return { ok: true, url: session.url, sessionId: session.sessionId };
}

/**
 * Opens a hosted checkout at the provider, its success and cancel URLs back to `page` (Stripe puts
 * the session's id in place of {CHECKOUT_SESSION_ID}, kept unencoded), then stores its row (status
 * open). One way for every kind of checkout: a held enrolment's and an invoice's (decision 091).
 */
export async function openCheckout(
  db: DB,
  provider: PaymentProvider,
  checkout: {
    page: string;
    amountMinor: number;
    currency: string;
    description: string;
    reference: string;
    customerEmail: string;
    lang: Lang;
    expiresAt: string;
    row:
      | { kind: "section"; enrolment_id: number; hold_expires_at: string }
      | { kind: "invoice"; invoice_id: number; instalment_id: number | null; hold_expires_at: string };
  },
): Promise<{ url: string; sessionId: string }> {
  const session = await provider.createCheckout({
    amountMinor: checkout.amountMinor,
    currency: checkout.currency,
    description: checkout.description,
    reference: checkout.reference,
    customerEmail: checkout.customerEmail,
    lang: checkout.lang,
    successUrl: `${checkout.page}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${checkout.page}&cancelled=1`,
    expiresAt: checkout.expiresAt,
  });
  const stamp = nowIso();
  await db
    .insertInto("payment_checkouts")
    .values({
      provider: provider.name,
      session_id: session.sessionId,
      enrolment_id: null,
      invoice_id: null,
      instalment_id: null,
      ...checkout.row,
      amount_minor: checkout.amountMinor,
      currency: checkout.currency,
      status: "open",
      lang: checkout.lang,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return session;
}

/** The checkout of a session id, if it is one of ours and of that enrolment. */
export async function checkoutOf(db: DB, sessionId: string, enrolmentId: number) {
  return db.selectFrom("payment_checkouts").selectAll().where("session_id", "=", sessionId).where("enrolment_id", "=", enrolmentId).executeTakeFirst();
}
