import { serverT } from "~server/i18n";
import type { MailTemplate } from "~server/mail/mail-queue";
import type { Lang } from "~/i18n/lang";
import { detailsTable, html, mailDocument } from "~/lib/mail/html";
import { formatMoney } from "~/lib/money";

/** The template of "your payment came after the seat was released: it is refunded". */
export const PAYMENT_REFUNDED_MAIL = "payment-refunded";

export interface RefundedMail {
  lang: Lang;
  sessionId: string;
  course: string;
  childName: string;
  amountMinor: number;
  currency: string;
}

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "payments", key, values);

export const refundedSubject = (lang: Lang, course: string) => say(lang, "refundMail.subject", { course });

/** In the family's language (the enrolment's). */
export const paymentRefundedMail: MailTemplate = async (_deps, mail) => {
  const data = mail.data as RefundedMail;
  const lang: Lang = data.lang === "ar" ? "ar" : "en";
  const t = (key: string, values?: Record<string, string | number>) => say(lang, key, values);
  const details: [string, string, boolean?][] = [
    [t("page.course"), data.course],
    [t("page.child"), data.childName],
    [t("page.amount"), formatMoney(data.amountMinor, data.currency, lang), true],
  ];
  const text = [t("refundMail.greeting"), "", t("refundMail.intro"), "", ...details.map(([label, value]) => `${label}: ${value}`), "", t("refundMail.after"), "", t("refundMail.signoff")].join("\n");
  const body = mailDocument(
    lang,
    html`<p>${t("refundMail.greeting")}</p>
<p>${t("refundMail.intro")}</p>
${detailsTable(details, lang)}
<p>${t("refundMail.after")}</p>
<p>${t("refundMail.signoff")}</p>`,
  );
  return { text, html: body };
};
