/**
 * Billing's public server-side module (decision 103): the manifests the registry mounts and the
 * functions other features call (pricing an enrolment, quotes, refund proposals, instalment rules,
 * the money view, the family's invoices). Components and pure helpers are in ./index. Outside
 * billing, lint refuses deeper imports.
 */
export { billingDeskManifest } from "./desk.manifest.server";
export { discountsManifest } from "./discounts/discounts.manifest.server";
export { instalmentsManifest } from "./instalments/instalments.manifest.server";
export { moneyManifest } from "./reports/money.manifest.server";
export { paymentsManifest } from "./payments/payments.manifest.server";
export { refundsManifest } from "./refunds/refunds.manifest.server";

export { priceEnrolment, PromoRefused, promoProblemMessage, type PricedEnrolment } from "./discounts/enrolment-price.server";
export { priceQuote } from "./discounts/quote.server";
export { quoteFormAction } from "./discounts/quote.action.server";
export { sectionDropMoney, sectionRefundProposal, type DropMoney } from "./refund-policy.server";
export { instalmentRuleAction, instalmentRuleOfOffer } from "./instalments/instalment-rule.action.server";
export { sweepInstalmentReminders } from "./instalments/instalment-reminders.server";
export { moneyViewData } from "./reports/money-view.server";
export { openPaymentNotices } from "./payments/payment-notices.server";
export { billingExport, campEnrolmentsInvoicedTo, invoicesKept } from "./reports/account-invoices.server";
export { stripeProvider } from "./payments/stripe-provider.server";
export { retryPendingRefunds } from "./refunds/refund-retry.server";
export { refundCountsByState } from "./refunds/refunds.server";
export { howToPay, invoiceOfEnrolment } from "./how-to-pay.server";
export { listInvoices } from "./desk.server";
