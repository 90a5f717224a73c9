// The panel lives at billing's top level (the billing desk shows it too, without a feature cycle).
export { PaymentNotices } from "~/features/billing/PaymentNoticesPanel";
