import { data, type ActionFunctionArgs, type AppLoadContext } from "react-router";
import { localizePath } from "~/i18n/lang";
import { pickPair } from "~/i18n/localized";
import { formatCalendarDay } from "~/lib/dates";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { withNotice } from "~/lib/forms/notice";
import { zonedParts } from "~/lib/zoned-time";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { requireTaughtGroupPage, requireTeachingPage } from "~/features/teaching/teaching-page.server";
import { issueSectionReports, saveReportNotes, sectionReports } from "./progress.api";
import { PROGRESS_FORMS, noteField } from "./progress-forms";

/**
 * /teaching/sections/:id/progress-reports: the group's children with their comments, next steps and
 * reports, through GET /api/teaching/sections/:id/progress-reports (staff, or the group's instructor; else 403).
 */
export async function progressPageData(context: AppLoadContext, request: Request, rawId: string | undefined) {
  const { lang, group: body } = await requireTaughtGroupPage(context, request, rawId, sectionReports);
  const timeZone = await academyTimeZone(context.db);
  return {
    section: {
      id: body.group.id,
      course: pickPair(body.group.course, lang),
      first: formatCalendarDay(body.group.term.first, lang),
      last: formatCalendarDay(body.group.term.last, lang),
      ended: body.group.ended,
    },
    mayIssue: body.mayIssue,
    children: body.children.map((child) => ({
      enrolmentId: child.enrolmentId,
      name: child.childName,
      leftOn: child.leftOn === null ? null : formatCalendarDay(child.leftOn, lang),
      comment: child.comment,
      nextStep: child.nextStep,
      report: child.report
        ? { version: child.report.version, issuedOn: formatCalendarDay(zonedParts(child.report.issuedAt, timeZone).date, lang), pdf: child.pdf! }
        : null,
    })),
  };
}
export type ProgressPageData = Awaited<ReturnType<typeof progressPageData>>;

/** The form's `comment-{enrolmentId}` and `nextStep-{enrolmentId}` fields as the endpoint's notes. */
export function notesFromFields(fields: Record<string, string>) {
  const ids = new Set<number>();
  for (const name of Object.keys(fields)) {
    const found = /^(?:comment|nextStep)-(\d{1,10})$/.exec(name);
    if (found && ids.size < 500) ids.add(Number(found[1]));
  }
  return {
    notes: [...ids].map((id) => ({ enrolmentId: id, comment: fields[noteField(id, "comment")] ?? "", nextStep: fields[noteField(id, "nextStep")] ?? "" })),
  };
}

/** The page's two forms without JavaScript: the notes, and the issue button, each through its endpoint in process. */
export async function progressPageAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  requireTeachingPage(context, request);
  const id = args.params.id ?? "";
  const fields = await request
    .clone()
    .formData()
    .catch(() => null);
  const form = fields?.get("form");
  const back = (lang: Parameters<typeof localizePath>[1], notice: "progress-notes-saved" | "progress-issued") =>
    withNotice(localizePath(`/teaching/sections/${id}/progress-reports`, lang), notice);
  if (form === PROGRESS_FORMS.notes)
    return postFormToApi(args, {
      form: PROGRESS_FORMS.notes,
      endpoint: saveReportNotes,
      params: { id },
      toBody: notesFromFields,
      onSuccess: (_answer, _fields, lang) => back(lang, "progress-notes-saved"),
    });
  if (form === PROGRESS_FORMS.issue)
    return postFormToApi(args, {
      form: PROGRESS_FORMS.issue,
      endpoint: issueSectionReports,
      params: { id },
      toBody: () => ({}),
      onSuccess: (_answer, _fields, lang) => back(lang, "progress-issued"),
    });
  throw data({ message: "Bad request." }, { status: 400 });
}
