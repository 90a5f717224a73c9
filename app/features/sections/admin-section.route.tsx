import { data } from "react-router";
import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { langFromPath } from "~/i18n/lang";
import { PageMeta } from "~/ui/PageMeta";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import { isFormState } from "~/lib/forms/form-state";
import type { Route } from "./+types/admin-section.route";
import { adminSectionAction } from "./admin-section.action.server";
import { EDIT_FORM, STATUS_FORM, meetingForm } from "./forms";
import { sectionEditData } from "./section-edit.server";
import { SectionFields } from "./SectionFields";
import { SectionStatusForms } from "./SectionStatusForms";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const found = id > 0 ? await sectionEditData(context.db, id, langFromPath(new URL(request.url).pathname)) : undefined;
  if (!found) throw data(null, { status: 404 });
  return { ...found, saved: new URL(request.url).searchParams.get("saved") ?? "" };
}

export async function action(args: Route.ActionArgs) {
  return adminSectionAction(args);
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

const served = (value: unknown, form: string) => (isFormState(value, form) ? value : null);
const button = "rounded-lg border px-3 py-1.5 text-sm font-semibold";

/** /admin/sections/:id: edit every field of a course group, cancel or move one of its classes (issue 29), close, reopen or cancel the group (issue 42). */
export default function AdminSectionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("sections");
  const { section, values, meetings, courses, teachers, weekdays, zone, saved } = loaderData;
  const edit = served(actionData, EDIT_FORM);
  const title = `${t("admin.edit")}: ${section.course} · ${section.firstLabel}`;
  return (
    <div className="space-y-8">
      <PageMeta title={t("admin.edit")} description={t("admin.intro")} />
      <header>
        <p className="text-sm">
          <LocalLink to="/admin/sections" className="text-indigo-700 underline">
            {t("admin.back")}
          </LocalLink>
        </p>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-700">
          {t(`admin.status.${section.status}`)} · {t("admin.seats", { taken: section.seatsTaken, capacity: section.capacity })} ·{" "}
          <LocalLink to={`/admin/sections/${section.id}/roster`} className="font-semibold text-indigo-700 underline">
            {t("admin.rosterLink")}
          </LocalLink>{" "}
          ·{" "}
          <LocalLink to={`/teaching/sections/${section.id}/certificates`} className="font-semibold text-indigo-700 underline">
            {t("admin.certificatesLink")}
          </LocalLink>
        </p>
        <p className="text-sm text-slate-600">{t("admin.zone", { zone })}</p>
        {saved === "created" ? (
          <p role="status" className="mt-3 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm font-semibold text-green-800">
            {t("admin.created")}
          </p>
        ) : null}
      </header>
      <section id="edit" aria-labelledby="edit-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="edit-heading" className="text-xl font-semibold text-slate-900">
          {t("admin.editHeading")}
        </h2>
        {saved === "edit" && !edit ? (
          <p role="status" className="mt-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
            {t("adminApi.updated")}
          </p>
        ) : null}
        {section.status === "cancelled" ? (
          <p className="mt-2 text-slate-700">{t("admin.cancelledNoEdit")}</p>
        ) : (
          <form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" key={JSON.stringify(edit?.values ?? values)}>
            <input type="hidden" name="intent" value="update" />
            <FormAlert message={edit?.message} className="sm:col-span-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" />
            <p className="text-sm text-slate-600 sm:col-span-2">{t("admin.editHint")}</p>
            <SectionFields
              values={edit?.values ?? values}
              errors={edit?.errors ?? {}}
              courses={courses}
              teachers={teachers}
              weekdays={weekdays}
              idPrefix="edit-section"
            />
            <div className="sm:col-span-2">
              <button type="submit" className="rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700">
                {t("admin.save")}
              </button>
            </div>
          </form>
        )}
      </section>
      <section id="meetings" aria-labelledby="meetings-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="meetings-heading" className="text-xl font-semibold text-slate-900">
          {t("admin.classes")} ({meetings.length})
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("admin.meetingHint")}</p>
        <ol className="mt-3 space-y-2">
          {meetings.map((meeting) => {
            const state = served(actionData, meetingForm(meeting.id));
            const cancelled = meeting.status === "cancelled";
            const changeable = !cancelled && !meeting.past && section.status !== "cancelled";
            return (
              <li key={meeting.id} id={`meeting-${meeting.id}`} className="rounded-lg border border-slate-200 px-3 py-2">
                <p className={`text-sm ${cancelled ? "text-slate-500" : "text-slate-900"}`}>
                  <span className="font-semibold">{t("admin.classN", { n: meeting.n })}</span> · {cancelled ? <s>{meeting.label}</s> : meeting.label}
                  {cancelled ? (
                    <span className="ms-2 rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">{t("admin.meetingCancelled")}</span>
                  ) : null}
                </p>
                {saved === `meeting-${meeting.id}` && !state ? (
                  <p role="status" className="mt-1 text-sm text-green-800">
                    {t("admin.meetingChanged")}
                  </p>
                ) : null}
                <FormAlert message={state?.message} className="mt-1 rounded border border-red-200 bg-red-50 px-2 py-1 text-sm text-red-800" />
                {changeable ? (
                  <details className="mt-1 text-sm" open={state ? true : undefined}>
                    <summary className="cursor-pointer text-indigo-700">
                      {t("admin.changeClass")}
                      <span className="sr-only"> {meeting.label}</span>
                    </summary>
                    <div className="mt-2 flex flex-wrap items-end gap-4">
                      <form method="post" className="flex flex-wrap items-end gap-2">
                        <input type="hidden" name="intent" value="moveMeeting" />
                        <input type="hidden" name="meeting" value={meeting.id} />
                        <label className="text-sm">
                          <span className="block font-medium text-slate-800">{t("admin.moveDate")}</span>
                          <input
                            type="date"
                            name="date"
                            required
                            defaultValue={state?.values.date ?? meeting.date}
                            aria-invalid={state?.errors.date ? true : undefined}
                            className="rounded border border-slate-300 px-2 py-1"
                          />
                        </label>
                        <label className="text-sm">
                          <span className="block font-medium text-slate-800">{t("admin.moveTime")}</span>
                          <input
                            type="time"
                            name="time"
                            required
                            defaultValue={state?.values.time ?? meeting.time}
                            className="rounded border border-slate-300 px-2 py-1"
                          />
                        </label>
                        <button type="submit" className={`${button} border-slate-300 text-slate-800 hover:bg-slate-50`}>
                          {t("admin.moveClass")}
                        </button>
                      </form>
                      <form method="post" className="flex flex-wrap items-center gap-2">
                        <input type="hidden" name="intent" value="cancelMeeting" />
                        <input type="hidden" name="meeting" value={meeting.id} />
                        <label className="inline-flex items-center gap-1 text-sm">
                          <input type="checkbox" name="confirm" required />
                          {t("admin.cancelClassConfirm")}
                        </label>
                        <button type="submit" className={`${button} border-red-300 text-red-800 hover:bg-red-50`}>
                          {t("admin.cancelClass")}
                        </button>
                      </form>
                    </div>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ol>
      </section>
      <SectionStatusForms status={section.status} state={served(actionData, STATUS_FORM)} saved={saved === "status"} />
    </div>
  );
}
