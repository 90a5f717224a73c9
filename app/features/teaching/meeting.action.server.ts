import type { ActionFunctionArgs } from "react-router";
import { localizePath } from "~/i18n/lang";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { withNotice } from "~/lib/forms/notice";
import { MAX_MARKS } from "./attendance.schema";
import { ATTENDANCE_FORMS } from "./attendance-forms";
import { markAttendance } from "./teaching.api";

/**
 * The marks of the page's form as the endpoint's JSON: each `status-{enrolmentId}` chosen, with its
 * `note-{enrolmentId}`. A child left unchosen is not sent; at most a roster's worth is read.
 */
export function marksFromFields(fields: Record<string, string>) {
  const marks: { enrolmentId: number; status: string; note: string }[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const found = /^status-(\d{1,10})$/.exec(name);
    if (!found || marks.length > MAX_MARKS) continue;
    marks.push({ enrolmentId: Number(found[1]), status: value, note: fields[`note-${found[1]}`] ?? "" });
  }
  return { marks };
}

/** /teaching/meetings/:id without JavaScript: "Mark all present", or the whole form of marks; both run POST /api/teaching/meetings/:id/attendance. */
export async function meetingPageAction(args: ActionFunctionArgs) {
  const id = args.params.id ?? "";
  const posted = await args.request
    .clone()
    .formData()
    .catch(() => null);
  const allPresent = posted?.get("form") === ATTENDANCE_FORMS.allPresent;
  return postFormToApi(args, {
    form: allPresent ? ATTENDANCE_FORMS.allPresent : ATTENDANCE_FORMS.marks,
    endpoint: markAttendance,
    params: { id },
    toBody: (fields) => (allPresent ? { allPresent: true } : marksFromFields(fields)),
    onSuccess: (_answer, _fields, lang) => withNotice(localizePath(`/teaching/meetings/${id}`, lang), "attendance-saved"),
  });
}
