import type { DB } from "~server/db/db";
import { serverT } from "~server/i18n";
import { z } from "zod";
import { defineMail, queueMail } from "~server/mail/mail-queue";
import { localizePath, type Lang } from "~/i18n/lang";
import { getSiteSettings } from "~/features/site/site.server";
import { textMail } from "~/lib/mail/html";

const noticeKinds = ["school", "contact", "enrollment", "brochure", "booking", "latePickup"] as const;
/** What staff are told about: each has its sidebar entry and its texts under admin `notice.{kind}`. */
export type NoticeKind = (typeof noticeKinds)[number];

const staffNotice = z.object({
  kind: z.enum(noticeKinds),
  /** Values for the subject line (`notice.{kind}.subject`). */
  subject: z.record(z.string(), z.union([z.string(), z.number()])),
  /** Label key (under `notice.fields`) and value, in order. */
  details: z.array(z.tuple([z.string(), z.union([z.string(), z.number()])])),
  /** The staff page that shows the record, unprefixed (/admin/submissions/school/12). */
  path: z.string(),
});
export type StaffNotice = z.infer<typeof staffNotice>;

const both = (key: string, values?: Record<string, string | number>) => `${serverT("en", "admin", key, values)} / ${serverT("ar", "admin", key, values)}`;

/**
 * Queues the e-mail telling staff (the academy's e-mail in settings) of a new enquiry, message,
 * enrolment, brochure request or demo booking. Pass the transaction that stores the record, so
 * both are kept or neither. Written in English and Arabic: the inbox is shared by staff of either.
 * The body is made when the job runs (decision 053); `publicUrl` is the one the job will use.
 */
export async function queueStaffNotice(db: DB, _publicUrl: string, notice: StaffNotice): Promise<void> {
  const settings = await getSiteSettings(db);
  await queueMail(db, staffNoticeMail, { to: settings.email, subject: both(`notice.${notice.kind}.subject`, notice.subject), data: notice });
}

/** The staff notice's e-mail, made when its job runs. */
export const staffNoticeMail = defineMail("staff-notice", staffNotice, async ({ config }, notice) => {
  const link = (lang: Lang) => config.publicUrl + localizePath(notice.path, lang);
  const lines = [
    serverT("en", "admin", `notice.${notice.kind}.intro`),
    serverT("ar", "admin", `notice.${notice.kind}.intro`),
    "",
    ...notice.details.map(([field, value]) => `${both(`notice.fields.${field}`)}: ${value === "" ? "-" : value}`),
    "",
    `${serverT("en", "admin", "notice.open")} ${link("en")}`,
    `${serverT("ar", "admin", "notice.open")} ${link("ar")}`,
  ];
  // The HTML part gives each language its own block (lang, dir): the text part keeps the pairs line by line.
  const part = (lang: Lang) =>
    [
      serverT(lang, "admin", `notice.${notice.kind}.intro`),
      "",
      ...notice.details.map(([field, value]) => `${serverT(lang, "admin", `notice.fields.${field}`)}: ${value === "" ? "-" : value}`),
      "",
      `${serverT(lang, "admin", "notice.open")} ${link(lang)}`,
    ].join("\n");
  return {
    ...textMail([
      { lang: "en", text: part("en") },
      { lang: "ar", text: part("ar") },
    ]),
    text: lines.join("\n"),
  };
});
