import type { AppLoadContext } from "react-router";
import type { Lang } from "~/i18n/lang";
import { localizePath } from "~/i18n/lang";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { parseRecordId } from "~/lib/record-id";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import type { SessionUser } from "~server/security/session";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { readPass } from "./class-pass.server";
import { assertTeachesMeeting } from "./teaching-access.server";
import { checkInByPass } from "./teaching.api";
import { CHECK_IN_FORM } from "./attendance-forms";

/** A pass as scanned: a USB scanner types the whole URL of the QR code, a person may paste just the token. */
export function tokenFrom(text: string): string {
  const trimmed = text.trim();
  const found = /[?&]token=([^&#\s]+)/.exec(trimmed);
  return found ? decodeURIComponent(found[1]!) : trimmed;
}

/** What the page shows for `?token=` (the pass's child and today's class) or a refusal's words. */
export async function passPreview(context: AppLoadContext, user: SessionUser, token: string, lang: Lang) {
  try {
    const pass = await readPass(context.db, user, tokenFrom(token), {
      secret: context.config.sessionSecret,
      timeZone: await academyTimeZone(context.db),
      lang,
    });
    if (pass.ok) return { ok: true as const, childName: pass.childName, course: pass.course, meeting: pass.meeting, token: tokenFrom(token) };
    return { ok: false as const, message: serverT(lang, "teaching", `api.checkIn.${pass.reason}`) };
  } catch (error) {
    if (error instanceof HttpError) return { ok: false as const, message: error.message };
    throw error;
  }
}

/**
 * The check-in just made (`?checked={enrolment}&meeting={id}`: no name in the URL, which is logged),
 * read again for a member who teaches that class; nothing when it is not a present mark.
 */
export async function checkedIn(context: AppLoadContext, user: SessionUser, url: URL) {
  const enrolmentId = parseRecordId(url.searchParams.get("checked") ?? undefined);
  const meetingId = parseRecordId(url.searchParams.get("meeting") ?? undefined);
  if (enrolmentId === null || meetingId === null) return null;
  try {
    await assertTeachesMeeting(context.db, user, meetingId);
  } catch {
    return null;
  }
  const row = await context.db
    .selectFrom("meeting_attendance as a")
    .innerJoin("section_enrolments as e", "e.id", "a.enrolment_id")
    .select(["e.child_name", "a.status"])
    .where("a.meeting_id", "=", meetingId)
    .where("a.enrolment_id", "=", enrolmentId)
    .executeTakeFirst();
  if (row?.status !== "present") return null;
  return { childName: row.child_name, meetingId, already: url.searchParams.get("already") === "1" };
}

/** The page's form without JavaScript: runs POST /api/teaching/check-ins, then shows who was checked in. */
export function checkInPageAction(args: { request: Request; context: AppLoadContext }) {
  return postFormToApi(args, {
    form: CHECK_IN_FORM,
    endpoint: checkInByPass,
    toBody: (fields) => ({ token: tokenFrom(fields.token ?? "") }),
    onSuccess: (answer, _fields, lang) => {
      const { enrolmentId, meetingId, already } = answer.body;
      return `${localizePath("/teaching/check-in", lang)}?checked=${enrolmentId}&meeting=${meetingId}&already=${already ? 1 : 0}#check-in-result`;
    },
  });
}
