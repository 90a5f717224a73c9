import { serverT } from "~server/i18n";
import { z } from "zod";
import { defineMail } from "~server/mail/mail-queue";
import { languages, type Lang } from "~/i18n/lang";
import { detailsTable, html } from "~/lib/mail/html";
import { formatMoney } from "~/lib/money";

/** What "your payment came after the seat was released: it is refunded" is queued with (the refund's job carries it until then). */
export const refundedMailData = z.object({
  lang: z.enum(languages),
  sessionId: z.string().max(255),
  course: z.string().max(500),
  childName: z.string().max(500),
  amountMinor: z.number().int(),
  currency: z.string().max(10),
});

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "payments", key, values);

export const refundedSubject = (lang: Lang, course: string) => say(lang, "refundMail.subject", { course });

/** In the family's language (the enrolment's). */
export const paymentRefundedMail = defineMail("payment-refunded", refundedMailData, async (_deps, data) => {
  const lang = data.lang;
  const t = (key: string, values?: Record<string, string | number>) => say(lang, key, values);
  const details: [string, string, boolean?][] = [
    [t("page.course"), data.course],
    [t("page.child"), data.childName],
    [t("page.amount"), formatMoney(data.amountMinor, data.currency, lang), true],
  ];
  const text = [
    t("refundMail.greeting"),
    "",
    t("refundMail.intro"),
    "",
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    t("refundMail.after"),
    "",
    t("refundMail.signoff"),
  ].join("\n");
  const body = html`<p>${t("refundMail.greeting")}</p>
<p>${t("refundMail.intro")}</p>
${detailsTable(details, lang)}
<p>${t("refundMail.after")}</p>
<p>${t("refundMail.signoff")}</p>`;
  return { lang, text, html: body };
});
