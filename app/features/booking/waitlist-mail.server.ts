import { serverT } from "~server/i18n";
import { defineMail, type MailDeps, type RenderedMail } from "~server/mail/mail-queue";
import { detailsTable, html } from "~/lib/mail/html";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { waitlistAcceptPath, waitlistPath } from "./paths";
import { waitlistJoinedMail, waitlistOfferMail } from "./booking.jobs.server";
import { getWaitlistEntry } from "./waitlist.server";

/**
 * The waitlist's two e-mails, in the language the parent joined in: "you are in line" (with the
 * link to leave) and "a seat is held for you until ..." (with the link to accept or decline).
 */
async function renderWaitlistMail(deps: MailDeps, entryId: number, kind: "joined" | "offer", expiresAt?: string): Promise<RenderedMail | null> {
  const timeZone = await academyTimeZone(deps.db);
  const found = await getWaitlistEntry(deps.db, deps.config.sessionSecret, entryId, timeZone, null);
  if (!found) return null;
  const { view: entry, token } = found;
  // A stale e-mail is dropped: the parent left, accepted, or the offer ended (or was made again).
  if (kind === "joined" && entry.status !== "waiting") return null;
  if (kind === "offer" && (entry.status !== "offered" || entry.offerExpiresAt !== expiresAt)) return null;
  const lang = entry.lang;
  const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "booking", key, values);
  const base = deps.config.publicUrl;
  const pageUrl = base + (kind === "offer" ? waitlistAcceptPath(token, lang) : waitlistPath(token, lang));
  const details: [string, string][] = [
    [t("details.course"), entry.courseName],
    [t("details.date"), entry.dateLabel],
    [t("details.time"), `${entry.timeLabel} ${entry.zoneLabel}`],
    [t("details.childName"), entry.childName],
    ...(kind === "offer" && entry.offerExpiresLabel ? [[t("waitlist.heldUntil"), entry.offerExpiresLabel] as [string, string]] : []),
  ];
  const intro = kind === "offer" ? t("waitlist.offerMail.intro", { name: entry.childName }) : t("waitlist.joinedMail.intro", { name: entry.childName });
  const action = kind === "offer" ? t("waitlist.offerMail.action") : t("waitlist.joinedMail.action");
  const link = kind === "offer" ? t("waitlist.offerMail.link") : t("waitlist.joinedMail.link");

  const text = [
    t("mail.greeting", { name: entry.parentName }),
    "",
    intro,
    "",
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    action,
    pageUrl,
    "",
    t("mail.signoff"),
  ].join("\n");
  const htmlBody = html`<p>${t("mail.greeting", { name: entry.parentName })}</p>
<p>${intro}</p>
${detailsTable(details, lang)}
<p>${action} <a href="${pageUrl}">${link}</a></p>
<p>${t("mail.signoff")}</p>`;
  const subjectKey = kind === "offer" ? "waitlist.offerMail.subject" : "waitlist.joinedMail.subject";
  return { lang, subject: t(subjectKey, { course: entry.courseName, date: entry.dateLabel, time: entry.timeLabel }), text, html: htmlBody };
}

/** "You are on the waitlist" (waitlist.server.ts queues it when a parent joins). */
export const waitlistJoined = defineMail(waitlistJoinedMail, (deps, mail) => renderWaitlistMail(deps, mail.entryId, "joined"));

/** "A seat is held for you" (waitlist-offers.server.ts queues it with the offer). */
export const waitlistOffer = defineMail(waitlistOfferMail, (deps, mail) => renderWaitlistMail(deps, mail.entryId, "offer", mail.expiresAt));
