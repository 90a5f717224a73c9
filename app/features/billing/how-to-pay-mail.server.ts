import { serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";
import { html, joinHtml, type Html } from "~/lib/mail/html";
import { displayPhone, telHref } from "~/lib/phone-display";
import type { HowToPayView } from "./how-to-pay-view";

/**
 * The "How to pay" block of the invoice e-mail (issue 42), text and HTML, in the invoice's
 * language: the reference to quote, the desk (address, hours, methods), the bank details and the
 * invoice's signed link (`url`, absolute), which opens it without signing in.
 */
export function howToPayMail(view: HowToPayView, lang: Lang, url: string): { text: string[]; html: Html } {
  const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "paying", key, values);
  const number = view.invoice?.number ?? "";
  const methods = view.methods.map((method) => t(`method.${method}`)).join(" · ");
  const hours = view.hours.trim() ? view.hours.split("\n").filter((line) => line.trim() !== "") : [];
  const bank = view.bank ? view.bank.split("\n").filter((line) => line.trim() !== "") : [];
  const phone = displayPhone(view.phone);
  const text = [
    t("mail.howToPay"),
    t("mail.reference", { number }),
    ...(view.methods.length > 0
      ? [t("mail.desk", { address: view.address }), ...(hours.length > 0 ? [t("mail.hours"), ...hours] : []), t("mail.methods", { methods })]
      : []),
    ...(bank.length > 0 ? [t("mail.bank"), ...bank] : []),
    `${t("howToPay.questions")} \u2066${phone}\u2069`,
    "",
    t("mail.openLink"),
    url,
  ];
  const lines = (items: string[]) =>
    joinHtml(
      items.map((line) => html`<span dir="auto">${line}</span>`),
      "<br>",
    );
  const block = html`<h2 style="font-size:18px;margin:24px 0 8px">${t("mail.howToPay")}</h2>
<p>${t("mail.reference", { number })}</p>
${view.methods.length > 0 ? html`<p>${t("mail.desk", { address: view.address })}${hours.length > 0 ? html`<br>${t("mail.hours")}<br>${lines(hours)}` : ""}<br>${t("mail.methods", { methods })}</p>` : ""}
${bank.length > 0 ? html`<p>${t("mail.bank")}<br><span style="font-family:monospace">${lines(bank)}</span></p>` : ""}
<p>${t("howToPay.questions")} <a href="${telHref(view.phone)}" dir="ltr" style="white-space:nowrap">${phone}</a></p>
<p><a href="${url}">${t("mail.open")}</a></p>`;
  return { text, html: block };
}
