import { serverT } from "~server/i18n";
import type { MailTemplate } from "~server/mail/mail-queue";
import { detailsTable, html, mailDocument } from "~/lib/mail/html";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { formatDateLabel, formatTimeLabel, formatZoneLabel, formatDateTimeLabel } from "~/features/booking/slot-format";
import { sectionWaitlistPath } from "./paths";
import { getSectionWaitlistEntry, type SectionOfferMail } from "./section-waitlist.server";

/**
 * "A seat in the group is held for you until ...", in the language the parent joined in, with the
 * link to accept or decline. A stale e-mail (the parent left or accepted, the offer ended or was made
 * again) renders empty and is not sent.
 */
export const sectionOfferMail: MailTemplate = async ({ db, config }, mail) => {
  const data = (mail.data ?? {}) as Partial<SectionOfferMail>;
  const entry = await getSectionWaitlistEntry(db, config.sessionSecret, typeof data.entryId === "number" ? data.entryId : undefined, null);
  if (!entry || entry.status !== "offered" || entry.offerExpiresAt !== data.expiresAt || !entry.offerExpiresAt) return { text: "" };
  const timeZone = await academyTimeZone(db);
  const lang = entry.lang;
  const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "sections", key, values);
  const url = config.publicUrl + sectionWaitlistPath(entry.token, lang);
  const until = `${formatDateLabel(entry.offerExpiresAt, timeZone, lang)} ${formatTimeLabel(entry.offerExpiresAt, timeZone, lang)} ${formatZoneLabel(entry.offerExpiresAt, timeZone, lang)}`;
  const details: [string, string][] = [
    [t("details.course"), entry.courseName],
    [t("offerMail.firstClass"), `${formatDateTimeLabel(entry.startsAt, timeZone, lang)}`],
    [t("details.childName"), entry.childName],
    [t("offerMail.heldUntil"), until],
  ];
  const text = [
    t("mail.greeting", { name: entry.parentName }),
    "",
    t("offerMail.intro", { name: entry.childName }),
    "",
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    t("offerMail.action"),
    url,
    "",
    t("mail.signoff"),
  ].join("\n");
  const body = mailDocument(
    lang,
    html`<p>${t("mail.greeting", { name: entry.parentName })}</p>
<p>${t("offerMail.intro", { name: entry.childName })}</p>
${detailsTable(details, lang)}
<p>${t("offerMail.action")} <a href="${url}">${t("offerMail.link")}</a></p>
<p>${t("mail.signoff")}</p>`,
  );
  return { text, html: body };
};
