import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { langFromPath } from "~/i18n/lang";
import { PageMeta } from "~/ui/PageMeta";
import { LocalLink } from "~/ui/LocalLink";
import { FormAlert } from "~/ui/FormAlert";
import { isFormState } from "~/lib/forms/form-state";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { formatZoneLabel, formatDateTimeLabel } from "~/features/booking/slot-format";
import type { Route } from "./+types/admin-sections.route";
import { adminSectionsAction } from "./admin-sections.action.server";
import { NEW_SECTION_VALUES, SectionFields } from "./SectionFields";
import { sectionFormChoices } from "./section-edit.server";
import { cancelledMeetingsOf } from "./meeting-change.server";
import { listSectionsForStaff } from "./sections.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const lang = langFromPath(new URL(request.url).pathname);
  const timeZone = await academyTimeZone(context.db);
  const label = (instant: string) => `${formatDateTimeLabel(instant, timeZone, lang)}`;
  const listed = await listSectionsForStaff(context.db, lang);
  // The parents' lists leave a cancelled class out; staff see it, struck through (decision 064).
  const cancelled = await cancelledMeetingsOf(context.db, listed.filter((section) => section.status !== "cancelled").map((section) => section.id));
  const sections = listed.map((section) => ({
    ...section,
    firstLabel: label(section.startsAt),
    meetingLabels: [...section.meetings.map((m) => ({ at: m.startsAt, cancelled: false })), ...(cancelled.get(section.id) ?? []).map((at) => ({ at, cancelled: true }))]
      .sort((a, b) => a.at.localeCompare(b.at))
      .map((m) => ({ label: label(m.at), cancelled: m.cancelled })),
  }));
  return { sections, ...(await sectionFormChoices(context.db, lang)), zone: formatZoneLabel(new Date(), timeZone, lang) };
}

export async function action(args: Route.ActionArgs) {
  return adminSectionsAction(args);
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

const served = (value: unknown, form: string) => (isFormState(value, form) ? value : null);

/** /admin/sections: a course's groups (issue 29): create one, close or open it, cancel it, see its classes. */
export default function AdminSectionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("sections");
  const { sections, courses, teachers, weekdays, zone } = loaderData;
  const create = served(actionData, "section");
  const errors = create?.errors ?? {};
  return (
    <div className="space-y-8">
      <PageMeta title={t("admin.title")} description={t("admin.intro")} />
      <header>
        <h1 className="text-3xl font-bold text-slate-900">{t("admin.title")}</h1>
        <p className="mt-2 text-slate-700">{t("admin.intro")}</p>
        <p className="text-sm text-slate-600">{t("admin.zone", { zone })}</p>
      </header>
      <section aria-labelledby="new-section" className="rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="new-section" className="text-xl font-semibold text-slate-900">
          {t("admin.new")}
        </h2>
        <form method="post" className="mt-4 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="create" />
          <FormAlert message={create?.message} className="sm:col-span-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" />
          <SectionFields values={create?.values ?? NEW_SECTION_VALUES} errors={errors} courses={courses} teachers={teachers} weekdays={weekdays} idPrefix="new-section" />
          <div className="sm:col-span-2">
            <button type="submit" className="rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700">
              {t("admin.create")}
            </button>
          </div>
        </form>
      </section>
      <section id="sections" aria-label={t("admin.title")} className="space-y-4">
        {sections.length === 0 ? <p className="text-slate-700">{t("admin.none")}</p> : null}
        {sections.map((section) => {
          const state = served(actionData, `section-${section.id}`);
          return (
            <article key={section.id} aria-labelledby={`section-${section.id}`} className="rounded-2xl border border-slate-200 bg-white p-5">
              <h2 id={`section-${section.id}`} className="text-lg font-semibold text-slate-900">
                {section.course.name} · {section.firstLabel}
              </h2>
              <p className="text-sm text-slate-700">
                {t(`admin.status.${section.status}`)} · {t("admin.seats", { taken: section.seatsTaken, capacity: section.capacity })} · {t(`language.${section.language}`)} · {t(`mode.${section.mode}`)}
                {section.instructor ? ` · ${section.instructor}` : ""}
              </p>
              <FormAlert message={state?.message} />
              <details className="mt-2 text-sm text-slate-700">
                <summary className="cursor-pointer text-indigo-700">
                  {t("admin.classes")} ({section.meetingLabels.length})
                </summary>
                <ol className="ms-5 mt-1 list-decimal">
                  {section.meetingLabels.map((meeting) => (
                    <li key={meeting.label}>
                      {meeting.cancelled ? (
                        <>
                          <s>{meeting.label}</s> <span className="text-xs font-semibold text-red-800">({t("admin.meetingCancelled")})</span>
                        </>
                      ) : (
                        meeting.label
                      )}
                    </li>
                  ))}
                </ol>
              </details>
              <p className="mt-2 flex flex-wrap gap-4 text-sm">
                <LocalLink to={`/admin/sections/${section.id}`} className="font-semibold text-indigo-700 underline">
                  {t("admin.editLink")}
                  <span className="sr-only"> {section.course.name} · {section.firstLabel}</span>
                </LocalLink>
                <LocalLink to={`/admin/sections/${section.id}/roster`} className="font-semibold text-indigo-700 underline">
                  {t("admin.rosterLink")}
                  <span className="sr-only"> {section.course.name} · {section.firstLabel}</span>
                </LocalLink>
              </p>
              {section.status !== "cancelled" ? (
                <div className="mt-3 flex flex-wrap items-start gap-3">
                  <form method="post">
                    <input type="hidden" name="intent" value="status" />
                    <input type="hidden" name="id" value={section.id} />
                    <input type="hidden" name="status" value={section.status === "open" ? "closed" : "open"} />
                    <button type="submit" className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
                      {section.status === "open" ? t("admin.close") : t("admin.reopen")}
                    </button>
                  </form>
                  <form method="post" className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="intent" value="cancel" />
                    <input type="hidden" name="id" value={section.id} />
                    <label className="inline-flex items-center gap-1 text-sm">
                      <input type="checkbox" name="confirm" required />
                      {t("admin.cancelConfirm")}
                    </label>
                    <button type="submit" className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50">
                      {t("admin.cancel")}
                    </button>
                  </form>
                </div>
              ) : null}
            </article>
          );
        })}
      </section>
    </div>
  );
}
