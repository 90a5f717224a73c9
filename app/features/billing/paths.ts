import { localizePath, type Lang } from "~/i18n/lang";

/** Billing's addresses (issue 31), one place so the screens link to each other's pages. */
export const adminBillingPath = "/admin/billing";
export const adminInvoicePath = (id: number) => `/admin/billing/invoices/${id}`;
export const adminInvoicePdfPath = (id: number) => `/admin/billing/invoices/${id}/pdf`;
export const adminCreditNotePdfPath = (id: number) => `/admin/billing/credit-notes/${id}/pdf`;
export const adminInstalmentsPath = (invoiceId: number) => `/admin/billing/invoices/${invoiceId}/instalments`;
export const adminRefundPath = (paymentId: number) => `/admin/billing/payments/${paymentId}/refund`;
export const adminFamilyStatementPath = (familyKey: string) => `/admin/billing/families/${encodeURIComponent(familyKey)}`;
export const accountInvoicesPath = (lang: Lang) => localizePath("/account/invoices", lang);
export const accountInvoicePdfPath = (id: number, lang: Lang) => localizePath(`/account/invoices/${id}/pdf`, lang);
export const accountCreditNotePdfPath = (id: number, lang: Lang) => localizePath(`/account/credit-notes/${id}/pdf`, lang);
export const adminRefundPoliciesPath = "/admin/billing/refund-policies";
/** A held enrolment's payment page (decision 085): pay online, or see it paid. Billing's page, so its address is billing's (decision 103). */
export const enrolmentPaymentPath = (token: string, lang: Lang) => localizePath(`/payments/enrolment?token=${encodeURIComponent(token)}`, lang);
/** An invoice's PDF from its signed link (issue 42; the token of instalments/invoice-link.server.ts): no sign-in needed. */
export const invoicePdfLinkPath = (token: string, lang: Lang) => localizePath(`/payments/invoice/pdf?token=${encodeURIComponent(token)}`, lang);
