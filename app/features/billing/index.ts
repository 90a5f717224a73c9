/**
 * Billing's public module for pages and components (decision 103): what other features' screens
 * may use. Browser-safe only; the server-side API is ./index.server (a route module's client
 * bundle must never reach a .server module). Outside billing, lint refuses deeper imports.
 */
export { PriceSummary } from "./discounts/PriceSummary";
export { quoteView, servedQuote, type QuoteView } from "./discounts/quote-view";
export { InstalmentRuleForm, type RuleAnswer } from "./instalments/InstalmentRuleForm";
export { MoneyView } from "./reports/MoneyView";
export { termOf } from "./reports/money-period";
export { PaymentNotices } from "./payments/PaymentNotices";
export { RefundProposal, type RefundProposalView } from "./RefundProposal";
export { accountInvoicesPath, adminInvoicePath, enrolmentPaymentPath } from "./paths";
export { HowToPay } from "./HowToPay";
export type { HowToPayView } from "./how-to-pay-view";
