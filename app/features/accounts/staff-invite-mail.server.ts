import { z } from "zod";
import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { serverT } from "~server/i18n";
import { languages, type Lang } from "~/i18n/lang";
import { textMail } from "~/lib/mail/html";
import { currentGroupCoursesOfTeacher } from "~/features/sections/queries.server";
import { teacherById } from "~/features/admin-content/queries.server";

/** The languages an invitation is written in: the invitee's, or both when the inviter does not know it. */
export type InviteLanguage = Lang | "both";

export const inviteLanguages = (language: InviteLanguage): Lang[] => (language === "both" ? ["en", "ar"] : [language]);

/** What the invitation's mail is queued with: the token's seed and the facts it is written from (older jobs hold only `lang`). */
export const inviteMailData = z.object({
  seed: z.string(),
  lang: z.enum(languages),
  /** The languages to write in; absent on a job queued before issue 42: `[lang]`. */
  languages: z.array(z.enum(languages)).optional(),
  role: z.enum(["admin", "editor", "instructor"]).optional(),
  teacherId: z.number().int().nullable().optional(),
  invitedBy: z.number().int().nullable().optional(),
});
export type InviteMailFacts = Omit<z.infer<typeof inviteMailData>, "seed">;

const listFormatters: Partial<Record<Lang, Intl.ListFormat>> = {};
const joinNames = (names: string[], lang: Lang) =>
  (listFormatters[lang] ??= new Intl.ListFormat(lang === "ar" ? "ar-u-nu-latn" : "en-GB", { style: "long", type: "conjunction" })).format(names);

/** The subject line: one language, or both joined (an inbox shows the reader's half either way). */
export const inviteSubject = (languages: Lang[]) => languages.map((lang) => serverT(lang, "accounts", "invite.mail.subject")).join(" · ");

/**
 * The invitation's text, read when the mail is sent (issue 42, step 10; decision 115): who invited
 * them and, for an instructor, the courses of the groups they will teach (not yet ended, not
 * cancelled), each language in its own part with its own link.
 */
export async function inviteMailBody(db: DB, facts: InviteMailFacts, linkFor: (lang: Lang) => string) {
  const languages = facts.languages?.length ? facts.languages : [facts.lang];
  const inviter = facts.invitedBy ? await db.selectFrom("users").select("username").where("id", "=", facts.invitedBy).executeTakeFirst() : undefined;
  const teacher = facts.role === "instructor" && facts.teacherId ? await teacherById(db, facts.teacherId) : undefined;
  const groups = teacher ? await currentGroupCoursesOfTeacher(db, facts.teacherId!, nowIso()) : [];
  const part = (lang: Lang) => {
    const t = (key: string, values: Record<string, string> = {}) => serverT(lang, "accounts", `invite.mail.${key}`, values);
    const name = inviter?.username.trim() || t("someone");
    const courses = [...new Set(groups.map((group) => (lang === "ar" && group.name_ar.trim() ? group.name_ar : group.name_en)))];
    const lines =
      facts.role === "instructor"
        ? [
            courses.length > 0
              ? t("teachIntro", { inviter: name, classes: joinNames(courses, lang) })
              : t("teachIntroNoGroup", { inviter: name, teacher: (lang === "ar" && teacher?.name_ar.trim() ? teacher.name_ar : teacher?.name_en) ?? "" }),
            t("teachWhat"),
            "",
            t("teachLink"),
          ]
        : [
            facts.role ? t("staffIntro", { inviter: name, role: serverT(lang, "accounts", `invite.form.roles.${facts.role}`) }) : t("intro"),
            "",
            t("staffLink"),
          ];
    return { lang, text: [...lines, linkFor(lang), "", t("expiry")].join("\n") };
  };
  return textMail(languages.map(part));
}
