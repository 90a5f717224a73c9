import type { PayMethod } from "~/features/site/settings.schema";

/** What the "How to pay" block shows (how-to-pay.server.ts builds it, HowToPay.tsx draws it). */
export interface HowToPayView {
  address: string;
  hours: string;
  phone: string;
  methods: PayMethod[];
  bank: string;
  invoice: InvoicePayView | null;
}

export interface InvoicePayView {
  number: string;
  state: "open" | "paid" | "void";
  amount: string;
  /** The day it is due (the first part not yet paid, when split), in words. */
  dueOn: string;
  /** The invoice's own page from its link (instalments, Pay online when on) and its PDF, both without signing in. */
  url: string;
  pdfUrl: string;
  online: boolean;
}
