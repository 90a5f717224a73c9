import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { requireAdminPage } from "~/lib/page-guards.server";
import { langFromPath } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { PageMeta } from "~/ui/PageMeta";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import { LtrValue } from "~/ui/Bidi";
import type { FormState } from "~/lib/forms/form-state";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { formatZoneLabel, formatDateTimeLabel } from "~/kernel/slot-format";
import type { Route } from "./+types/demo-convert.route";
import { courseSectionsFor } from "./course-sections.server";
import { demoConvertAction } from "./demo-convert.action.server";
import { CONVERT_FORM } from "./demo-forms";
import { liveEnrolmentOfBooking } from "~/features/enrolments/queries.server";
import { bookingWithClass } from "~/features/booking/queries.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const lang = langFromPath(new URL(request.url).pathname);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const booking = await bookingWithClass(context.db, id);
  if (!booking) throw data(null, { status: 404 });
  const timeZone = await academyTimeZone(context.db);
  const sections =
    booking.course_id === null
      ? []
      : (await courseSectionsFor({ db: context.db, user: null, config: context.config }, booking.course_id, lang, new URLSearchParams())).sections;
  const enrolment = await liveEnrolmentOfBooking(context.db, booking.id);
  return {
    booking: {
      id: booking.id,
      code: booking.code,
      status: booking.status,
      childName: booking.child_name,
      childAge: booking.child_age,
      parentName: booking.parent_name,
      email: booking.email,
      course:
        booking.name_en !== null && booking.name_ar !== null ? pick({ name_en: booking.name_en, name_ar: booking.name_ar }, "name", lang) : booking.course_name,
      when: `${formatDateTimeLabel(booking.starts_at, timeZone, lang)}`,
    },
    sections: sections
      .filter((section) => section.registrationOpen)
      .map((section) => ({ id: section.id, label: `${section.days}, ${section.time} · ${section.first} – ${section.last}`, seatsLeft: section.seatsLeft })),
    enrolledCode: enrolment?.code ?? null,
    zone: formatZoneLabel(new Date(), timeZone, lang),
  };
}

/** The form posts here, with or without JavaScript (demo-convert.action.server.ts). */
export async function action(args: Route.ActionArgs) {
  return demoConvertAction(args);
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** /admin/demo-bookings/{id}/enrol: staff enrol a demo booking's child in a group of its course (decision 069). */
export default function DemoConvertPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("timetable");
  const { booking, sections, enrolledCode, zone } = loaderData;
  const served = typeof actionData === "object" && actionData !== null && (actionData as FormState).form === CONVERT_FORM ? (actionData as FormState) : null;
  return (
    <div className="max-w-3xl space-y-6">
      <PageMeta title={t("convert.heading")} description={t("convert.heading")} />
      <header>
        <h1 className="text-2xl font-bold text-slate-900">
          {t("convert.heading")}: {booking.childName}
        </h1>
        <p className="mt-1 text-slate-700">
          {booking.course} · {booking.when} · {booking.code ? <LtrValue>{booking.code}</LtrValue> : null}
        </p>
        <p className="text-sm text-slate-600">
          {booking.parentName} · <LtrValue>{booking.email}</LtrValue> · {booking.childAge}
        </p>
      </header>
      {enrolledCode ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 font-semibold text-emerald-900">
          {t("convert.converted")} <LtrValue>{enrolledCode}</LtrValue>
        </p>
      ) : sections.length === 0 ? (
        <p className="text-slate-700">{t("convert.none")}</p>
      ) : (
        <form method="post" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
          <FormAlert
            message={served && !served.errors.sectionId ? served.message : undefined}
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          />
          <Field label={t("convert.section")} error={served?.errors.sectionId} hint={zone}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                name="sectionId"
                required
                defaultValue={served?.values.sectionId ?? ""}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                className={inputClass}
              >
                {sections.map((section) => (
                  <option key={section.id} value={section.id}>
                    {section.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button type="submit" className="rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700">
            {t("convert.submit")}
          </button>
        </form>
      )}
      <LocalLink to="/admin/slots" className="inline-block font-medium text-indigo-700 underline">
        {t("convert.back")}
      </LocalLink>
    </div>
  );
}
