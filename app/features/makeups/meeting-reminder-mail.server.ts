import { serverT } from "~server/i18n";
import { defineMail } from "~server/mail/mail-queue";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";
import { html } from "~/lib/mail/html";
import { timeZoneOf } from "~/features/site/academy-zone.server";
import { getSiteSettings } from "~/features/site/site.server";
import { formatDateLabel, formatTimeLabel, formatZoneLabel, formatDateTimeLabel } from "~/kernel/slot-format";
import { absenceLinkToken, noticeDeadline } from "./makeups.server";
import { absenceLinkPath, accountMakeupsPath } from "./paths";
import { meetingReminderMailKind } from "./meeting-reminders.server";
import { enrolmentForReminder } from "~/features/enrolments/queries.server";
import { meetingSection } from "~/features/sections/queries.server";

/**
 * The day-before reminder of one class for one child, in the family's language, built when sent
 * (decision 053): the class's time, and for the child's own group the absence link (no sign-in),
 * for a make-up guest the account page where the make-up can be seen. A class cancelled, or an
 * enrolment ended, since the claim sends nothing.
 */
export const meetingReminderMail = defineMail(meetingReminderMailKind, async ({ db, config }, { meetingId, enrolmentId }) => {
  const row = await enrolmentForReminder(db, enrolmentId);
  const meeting = await meetingSection(db, meetingId);
  if (!row || !meeting || row.status !== "enrolled" || meeting.status !== "scheduled") return null;
  const lang = row.lang as Lang;
  const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "makeups", key, values);
  const settings = await getSiteSettings(db);
  const timeZone = timeZoneOf(settings);
  const course = row.name_en !== null && row.name_ar !== null ? pick({ name_en: row.name_en, name_ar: row.name_ar }, "name", lang) : "";
  const when = `${formatDateTimeLabel(meeting.starts_at, timeZone, lang)} (${formatZoneLabel(meeting.starts_at, timeZone, lang)})`;
  const guest = meeting.section_id !== row.section_id;
  const link = config.publicUrl + (guest ? accountMakeupsPath(lang) : absenceLinkPath(absenceLinkToken(config.sessionSecret, row), lang));
  const deadline = noticeDeadline(meeting.starts_at, settings.absenceNoticeHours);
  const intro = t(guest ? "reminderMail.guestIntro" : "reminderMail.intro", { name: row.child_name, course, when });
  const action = guest
    ? t("reminderMail.guestAction")
    : t("reminderMail.absenceAction", { date: formatDateLabel(deadline, timeZone, lang), time: formatTimeLabel(deadline, timeZone, lang) });
  const text = [t("reminderMail.greeting", { name: row.parent_name }), "", intro, "", action, link, "", t("reminderMail.signoff")].join("\n");
  const body = html`<p>${t("reminderMail.greeting", { name: row.parent_name })}</p>
<p>${intro}</p>
<p>${action} <a href="${link}">${guest ? t("reminderMail.guestLink") : t("reminderMail.absenceLink")}</a></p>
<p>${t("reminderMail.signoff")}</p>`;
  return { lang, text, html: body };
});
