import { data, type ActionFunctionArgs } from "react-router";
import { requireAdminPage } from "~/lib/page-guards.server";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { postedNumber } from "~/lib/forms/pick-fields.server";
import { cancelCourseSection, createCourseSection, setCourseSectionStatus } from "./sections.api";

/** The create form's fields as the endpoint's JSON: one checkbox per weekday (wd0..wd6), closures one per line. */
export function sectionPayload(form: Record<string, string>) {
  const text = (name: string) => (form[name] ?? "").trim();
  const orNull = (name: string) => (text(name) === "" ? null : text(name));
  return {
    courseId: postedNumber(form.courseId),
    teacherId: postedNumber(form.teacherId) ?? null,
    weekdays: [0, 1, 2, 3, 4, 5, 6].filter((day) => Object.hasOwn(form, `wd${day}`)),
    startTime: text("startTime"),
    durationMinutes: postedNumber(form.durationMinutes),
    firstDate: text("firstDate"),
    meetings: postedNumber(form.meetings) ?? null,
    closures: text("closures").split(/\s+/).filter(Boolean),
    mode: text("mode") || "academy",
    meetingUrl: text("meetingUrl"),
    capacity: postedNumber(form.capacity),
    minAge: postedNumber(form.minAge) ?? null,
    maxAge: postedNumber(form.maxAge) ?? null,
    language: text("language") || "en",
    registrationOpensAt: orNull("registrationOpensAt"),
    registrationClosesAt: orNull("registrationClosesAt"),
  };
}

/** The posts of /admin/sections (with or without JavaScript), each the endpoint its JSON route serves (decision 048). */
export async function adminSectionsAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  requireAdminPage(context, request);
  const url = new URL(request.url);
  const fields = await request.clone().formData().catch(() => null);
  const intent = fields?.get("intent");
  const id = String(fields?.get("id") ?? "");
  const back = () => `${url.pathname}#sections`;
  if (intent === "create") return postFormToApi(args, { form: "section", endpoint: createCourseSection, toBody: sectionPayload, onSuccess: back });
  if (intent === "status")
    return postFormToApi(args, { form: `section-${id}`, endpoint: setCourseSectionStatus, params: { id }, toBody: (form) => ({ status: form.status }), onSuccess: back });
  if (intent === "cancel")
    return postFormToApi(args, { form: `section-${id}`, endpoint: cancelCourseSection, params: { id }, toBody: (form) => ({ confirm: Object.hasOwn(form, "confirm") ? true : undefined }), onSuccess: back });
  throw data({ message: "Bad request." }, { status: 400 });
}
