import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { langFromPath } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { PageMeta } from "~/ui/PageMeta";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import type { FormState } from "~/lib/forms/form-state";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { formatDateLabel, formatTimeLabel, formatZoneLabel, weekdayNames } from "~/features/booking/slot-format";
import type { Route } from "./+types/admin-sections.route";
import { adminSectionsAction } from "./admin-sections.action.server";
import { listSectionsForStaff } from "./sections.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const lang = langFromPath(new URL(request.url).pathname);
  const timeZone = await academyTimeZone(context.db);
  const sections = (await listSectionsForStaff(context.db, lang)).map((section) => ({
    ...section,
    firstLabel: `${formatDateLabel(section.startsAt, timeZone, lang)}, ${formatTimeLabel(section.startsAt, timeZone, lang)}`,
    meetingLabels: section.meetings.map((m) => `${formatDateLabel(m.startsAt, timeZone, lang)}, ${formatTimeLabel(m.startsAt, timeZone, lang)}`),
  }));
  const courses = (await context.db.selectFrom("courses").select(["id", "name_en", "name_ar"]).orderBy("id").execute()).map((c) => ({ id: c.id, name: pick(c, "name", lang) }));
  const teachers = (await context.db.selectFrom("teachers").select(["id", "name_en", "name_ar"]).orderBy("id").execute()).map((c) => ({ id: c.id, name: pick(c, "name", lang) }));
  const weekdays = weekdayNames(lang, "long");
  return { sections, courses, teachers, weekdays, zone: formatZoneLabel(new Date(), timeZone, lang) };
}

export async function action(args: Route.ActionArgs) {
  return adminSectionsAction(args);
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

const served = (value: unknown, form: string): FormState | null => (typeof value === "object" && value !== null && (value as FormState).form === form ? (value as FormState) : null);

/** /admin/sections: a course's groups (issue 29): create one, close or open it, cancel it, see its classes. */
export default function AdminSectionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("sections");
  const { sections, courses, teachers, weekdays, zone } = loaderData;
  const create = served(actionData, "section");
  const errors = create?.errors ?? {};
  const value = (name: string, fallback = "") => create?.values[name] ?? fallback;
  const input = (name: string, label: string, type: string, hint?: string, fallback = "") => (
    <Field label={label} error={errors[name]} hint={hint}>
      {({ id, describedBy, invalid }) => <input id={id} name={name} type={type} defaultValue={value(name, fallback)} aria-describedby={describedBy} aria-invalid={invalid || undefined} className={inputClass} />}
    </Field>
  );
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
          <Field label={t("admin.course")} error={errors.courseId}>
            {({ id, describedBy, invalid }) => (
              <select id={id} name="courseId" defaultValue={value("courseId")} aria-describedby={describedBy} aria-invalid={invalid || undefined} className={inputClass}>
                {courses.map((course) => (
                  <option key={course.id} value={course.id}>
                    {course.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t("admin.teacher")} error={errors.teacherId}>
            {({ id, describedBy, invalid }) => (
              <select id={id} name="teacherId" defaultValue={value("teacherId")} aria-describedby={describedBy} aria-invalid={invalid || undefined} className={inputClass}>
                <option value="">{t("admin.noTeacher")}</option>
                {teachers.map((teacher) => (
                  <option key={teacher.id} value={teacher.id}>
                    {teacher.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <fieldset className="sm:col-span-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">{t("admin.weekdays")}</legend>
            <div className="flex flex-wrap gap-3">
              {weekdays.map((name, day) => (
                <label key={name} className="inline-flex items-center gap-1 text-sm">
                  <input type="checkbox" name={`wd${day}`} defaultChecked={create ? Object.hasOwn(create.values, `wd${day}`) : false} />
                  {name}
                </label>
              ))}
            </div>
            {errors.weekdays ? (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {errors.weekdays}
              </p>
            ) : null}
          </fieldset>
          {input("startTime", t("admin.startTime"), "time", undefined, "17:00")}
          {input("durationMinutes", t("admin.duration"), "number", undefined, "60")}
          {input("firstDate", t("admin.firstDate"), "date")}
          {input("meetings", t("admin.meetings"), "number", t("admin.meetingsHint"))}
          <Field label={t("admin.closures")} error={errors.closures} hint={t("admin.closuresHint")} className="sm:col-span-2">
            {({ id, describedBy, invalid }) => <textarea id={id} name="closures" rows={2} defaultValue={value("closures")} aria-describedby={describedBy} aria-invalid={invalid || undefined} className={inputClass} />}
          </Field>
          <Field label={t("admin.mode")} error={errors.mode}>
            {({ id, describedBy }) => (
              <select id={id} name="mode" defaultValue={value("mode", "academy")} aria-describedby={describedBy} className={inputClass}>
                <option value="academy">{t("mode.academy")}</option>
                <option value="online">{t("mode.online")}</option>
              </select>
            )}
          </Field>
          {input("meetingUrl", t("admin.meetingUrl"), "url")}
          {input("capacity", t("admin.capacity"), "number", undefined, "12")}
          <Field label={t("admin.language")} error={errors.language}>
            {({ id, describedBy }) => (
              <select id={id} name="language" defaultValue={value("language", "en")} aria-describedby={describedBy} className={inputClass}>
                <option value="en">{t("language.en")}</option>
                <option value="ar">{t("language.ar")}</option>
              </select>
            )}
          </Field>
          {input("minAge", t("admin.minAge"), "number", t("admin.agesHint"))}
          {input("maxAge", t("admin.maxAge"), "number", t("admin.agesHint"))}
          {input("registrationOpensAt", t("admin.opens"), "datetime-local", t("admin.opensHint"))}
          {input("registrationClosesAt", t("admin.closes"), "datetime-local", t("admin.closesHint"))}
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
                  {section.meetingLabels.map((label) => (
                    <li key={label}>{label}</li>
                  ))}
                </ol>
              </details>
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
