import { data, type ActionFunctionArgs } from "react-router";
import { requireAdminPage } from "~/lib/page-guards.server";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { sectionPayload } from "./admin-sections.action.server";
import { EDIT_FORM, STATUS_FORM, meetingForm } from "./forms";
import { cancelCourseSection, setCourseSectionStatus, updateCourseSection } from "./sections.api";
import { cancelSectionMeeting, moveSectionMeeting } from "./sections-staff.api";

/** The posts of /admin/sections/:id (with or without JavaScript): the whole group saved again, or one class cancelled or moved. */
export async function adminSectionAction(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  requireAdminPage(context, request);
  const url = new URL(request.url);
  const fields = await request
    .clone()
    .formData()
    .catch(() => null);
  const intent = fields?.get("intent");
  const sectionId = String(params.id ?? "");
  const meeting = String(fields?.get("meeting") ?? "");
  const back = (hash: string) => () => `${url.pathname}?saved=${hash}#${hash}`;
  if (intent === "update")
    return postFormToApi(args, { form: EDIT_FORM, endpoint: updateCourseSection, params: { id: sectionId }, toBody: sectionPayload, onSuccess: back("edit") });
  if (intent === "cancelMeeting")
    return postFormToApi(args, {
      form: meetingForm(meeting),
      endpoint: cancelSectionMeeting,
      params: { id: meeting },
      toBody: (form) => ({ confirm: Object.hasOwn(form, "confirm") ? true : undefined }),
      onSuccess: back(`meeting-${meeting}`),
    });
  if (intent === "moveMeeting")
    return postFormToApi(args, {
      form: meetingForm(meeting),
      endpoint: moveSectionMeeting,
      params: { id: meeting },
      toBody: (form) => ({ date: form.date ?? "", time: form.time ?? "" }),
      onSuccess: back(`meeting-${meeting}`),
    });
  // Closing, reopening and cancelling the group live on its own page, not in the list (issue 42 step 9).
  if (intent === "status")
    return postFormToApi(args, {
      form: STATUS_FORM,
      endpoint: setCourseSectionStatus,
      params: { id: sectionId },
      toBody: (form) => ({ status: form.status }),
      onSuccess: back("status"),
    });
  if (intent === "cancel")
    return postFormToApi(args, {
      form: STATUS_FORM,
      endpoint: cancelCourseSection,
      params: { id: sectionId },
      toBody: (form) => ({ confirm: Object.hasOwn(form, "confirm") ? true : undefined }),
      onSuccess: back("status"),
    });
  throw data({ message: "Bad request." }, { status: 400 });
}
