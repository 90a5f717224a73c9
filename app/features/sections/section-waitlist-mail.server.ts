import { serverT } from "~server/i18n";
import { defineMail } from "~server/mail/mail-queue";
import { detailsTable, html } from "~/lib/mail/html";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { formatDateLabel, formatTimeLabel, formatZoneLabel, formatDateTimeLabel } from "~/kernel/slot-format";
import { sectionWaitlistPath } from "./paths";
import { getSectionWaitlistEntry, sectionOfferMailKind } from "./section-waitlist.server";

/**
 * "A seat in the group is held for you until ...", in the language the parent joined in, with the
 * link to accept or decline. A stale e-mail (the parent left or accepted, the offer ended or was made
 * again) renders empty and is not sent.
 */
export const sectionOfferMail = defineMail(sectionOfferMailKind, async ({ db, config }, data) => {
  const entry = await getSectionWaitlistEntry(db, config.sessionSecret, data.entryId, null);
  if (!entry || entry.status !== "offered" || entry.offerExpiresAt !== data.expiresAt || !entry.offerExpiresAt) return null;
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
  const body = html`<p>${t("mail.greeting", { name: entry.parentName })}</p>
<p>${t("offerMail.intro", { name: entry.childName })}</p>
${detailsTable(details, lang)}
<p>${t("offerMail.action")} <a href="${url}">${t("offerMail.link")}</a></p>
<p>${t("mail.signoff")}</p>`;
  return { lang, text, html: body };
});
