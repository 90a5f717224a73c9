/** What the account's invoices page and the money view show (shared by the server code and the components). */
import type { MoneyPeriod } from "./money-period";

export type InvoiceShownStatus = "open" | "paid" | "void" | "overdue";

export interface AccountInvoice {
  id: number;
  number: string;
  childName: string;
  description: string;
  issuedOn: string;
  dueOn: string;
  currency: string;
  totalMinor: number;
  paidMinor: number;
  outstandingMinor: number;
  /** As stored (open, paid, void), except an open invoice past its due day, or with an instalment past its day, is overdue. */
  status: InvoiceShownStatus;
  pdfUrl: string;
  creditNotes: { id: number; number: string; amountMinor: number; pdfUrl: string }[];
  /** The held enrolment's payment page, while its seat is held and online payment is on; else null. */
  payUrl: string | null;
}

export interface AccountInvoices {
  invoices: AccountInvoice[];
  /** What the family owes per currency (positive) or is owed (negative): the ledger's sum, never added across currencies. */
  balances: { currency: string; balanceMinor: number }[];
}

export interface Amounts {
  currency: string;
  collectedMinor: number;
  outstandingMinor: number;
  overdueMinor: number;
}

export interface MoneyRow extends Amounts {
  /** A course's id, or "camp" for the summer camp's invoices. */
  key: string;
  label: string;
}

export interface FunnelCounts {
  booked: number;
  attended: number;
  enrolled: number;
  paid: number;
}

export interface MoneySummary {
  period: MoneyPeriod;
  today: string;
  totals: Amounts[];
  byCourse: MoneyRow[];
  byTerm: MoneyRow[];
  /** Open invoices past their due day (or with an instalment past its day), per currency. */
  overdueInvoices: { currency: string; count: number }[];
  funnel: { total: FunnelCounts; byCourse: (FunnelCounts & { label: string })[] };
}
