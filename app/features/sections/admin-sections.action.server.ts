import type { ActionFunctionArgs } from "react-router";
import { requireAdminPage } from "~/lib/page-guards.server";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { postedNumber } from "~/lib/forms/pick-fields.server";
import { createCourseSection } from "./sections.api";

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

/**
 * The post of /admin/sections/new (with or without JavaScript), the endpoint its JSON route serves
 * (decision 048): on success the browser lands on the new group's own page, which says it was created.
 */
export async function adminSectionNewAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  requireAdminPage(context, request);
  const url = new URL(request.url);
  const groups = url.pathname.replace(/\/new$/, "");
  return postFormToApi(args, {
    form: "section",
    endpoint: createCourseSection,
    toBody: sectionPayload,
    onSuccess: (answer) => `${groups}/${Number(answer.body.id)}?saved=created`,
  });
}
