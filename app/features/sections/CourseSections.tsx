import { ChannelOptIn } from "~/features/messaging/ChannelOptIn";
import { useTranslation } from "react-i18next";
import { Field, inputClass } from "~/ui/Field";
import { PhoneField } from "~/ui/PhoneField";
import { ConsentFieldset } from "~/features/consent/ConsentFieldset";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import type { FormState } from "~/lib/forms/form-state";
import type { CourseSectionsData, SectionCard } from "./course-sections.server";
import { useLang } from "~/i18n/use-lang";
import { formatZoneLabel } from "~/kernel/slot-format";
import { useVisitorZone, visitorTimeLabel } from "~/features/booking/visitor-zone";
import { PriceSummary, servedQuote } from "~/features/billing";
import { formatMinutes } from "~/lib/duration";
import { DefaultSubmit } from "~/ui/DefaultSubmit";

interface Props {
  data: CourseSectionsData;
  courseSlug: string;
  /** The page's own path (the form posts there). */
  action: string;
  /** A refused post rendered back (no JavaScript needed). */
  served: FormState | null;
}

function SectionDetails({ section, inputId, academyZone }: { section: SectionCard; inputId: string; academyZone: string }) {
  const { t } = useTranslation("sections");
  const lang = useLang();
  // Only the schedule is the radio's label: a label may hold phrasing content only, and the list of
  // classes below opens on its own without choosing the group. The rest describes the choice.
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={inputId} className="block cursor-pointer font-semibold text-slate-900">
        {t("page.schedule", { days: section.days, time: section.time })}
      </label>
      <VisitorTime at={section.startsAt} date={section.startDate} academyZone={academyZone} />
      <div id={`${inputId}-about`}>
        <p className="text-sm text-slate-700">{t("page.dates", { first: section.first, last: section.last })}</p>
        <p className="text-sm text-slate-700">
          {t("page.classes", {
            count: section.meetingCount,
            minutes: section.durationMinutes,
            duration: formatMinutes(section.durationMinutes, lang),
          })}{" "}
          · {t(`mode.${section.mode}`)}
        </p>
        <p className="text-sm text-slate-700">
          {t("page.ages", { min: section.minAge, max: section.maxAge })} · {t("page.language", { language: t(`language.${section.language}`) })}
          {section.instructor ? <> · {t("page.instructor", { name: section.instructor })}</> : null}
        </p>
        {section.seatsLeft > 0 ? (
          <p className="mt-1 text-sm font-semibold text-emerald-800">{t("page.seatsLeft", { count: section.seatsLeft })}</p>
        ) : (
          <p className="mt-1 text-sm font-semibold text-amber-800">
            {t("waitlist.full")} {t("waitlist.intro")}
          </p>
        )}
        {section.opens ? (
          <p className="text-sm font-semibold text-amber-800">{t("page.opensOn", section.opens)}</p>
        ) : (
          <p className="text-sm text-slate-600">{t("page.closesOn", { date: section.closes })}</p>
        )}
      </div>
      <details className="mt-1 text-sm text-slate-700">
        <summary className="cursor-pointer text-indigo-700">{t("page.allClasses")}</summary>
        <ol className="ms-5 mt-1 list-decimal">
          {section.meetings.map((meeting, i) => {
            const time = section.meetingTimes[i];
            return (
              <li key={meeting}>
                {meeting}
                {time ? <VisitorTime at={time.at} date={time.date} academyZone={academyZone} /> : null}
              </li>
            );
          })}
        </ol>
      </details>
    </div>
  );
}

/**
 * A time on the visitor's own clock, filled in by the page's script (app/enhance/visitor-clock.ts)
 * when it differs from the academy's; hidden, and empty, without script.
 */
function VisitorTime({ at, date, academyZone }: { at: string; date: string; academyZone: string }) {
  const { t } = useTranslation("timetable");
  const lang = useLang();
  // A signed-in parent's page is React's (root.tsx useStaticPage): the hook adds the time once hydrated.
  const zone = useVisitorZone(academyZone);
  if (zone) return <span className="block text-sm text-slate-600">{t("visitorClock.label", { time: visitorTimeLabel(at, date, zone, lang) })}</span>;
  return <span data-visitor-time={at} data-academy-date={date} hidden className="block text-sm text-slate-600" />;
}

/** The visitor's own zone named, beside the academy's (filled in as VisitorTime is). */
function VisitorZone({ academyZone }: { academyZone: string }) {
  const { t } = useTranslation("timetable");
  const lang = useLang();
  const zone = useVisitorZone(academyZone);
  if (zone) return <p className="text-sm text-slate-600">{t("visitorClock.zone", { zone: formatZoneLabel(new Date(), zone, lang) })}</p>;
  return <p data-visitor-zone="" hidden className="text-sm text-slate-600" />;
}

/**
 * The course page's open sections and the enrolment form (issue 29): one plain form, a radio per
 * section, then the child's and parent's details. It posts to the page (enrol.action.server.ts),
 * with or without JavaScript; a refusal comes back with the values and each field's message.
 */
export function CourseSections({ data, courseSlug, action, served }: Props) {
  const { t } = useTranslation("sections");
  const { t: tt } = useTranslation("timetable");
  const values = served?.values ?? {};
  const errors = served?.errors ?? {};
  const value = (name: string) => values[name] ?? (data.prefill as Record<string, string> | null)?.[name] ?? "";
  const chosen = values.sectionId ?? data.chosen ?? (data.sections.length === 1 ? String(data.sections[0]!.id) : "");
  const field = (name: string, label: string, type: string, autoComplete: string) => (
    <Field label={label} error={errors[name]}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          required
          defaultValue={value(name)}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={inputClass}
          dir={type === "email" ? "ltr" : undefined}
        />
      )}
    </Field>
  );
  return (
    <section id="enrol" aria-labelledby="enrol-heading" className="mt-14 max-w-3xl scroll-mt-24">
      <h2 id="enrol-heading" className="text-3xl font-bold text-slate-900">
        {t("page.heading")}
      </h2>
      <p className="mt-3 text-slate-700">{t("page.intro")}</p>
      {data.enrolled ? (
        <p role="status" className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 font-semibold text-emerald-900">
          {t("page.enrolled", { code: data.enrolled })}
        </p>
      ) : null}
      {data.sections.length === 0 ? (
        <p className="mt-4 text-slate-700">
          {t("page.none")}{" "}
          <LocalLink to={`/courses/${courseSlug}/bookdemoclass`} className="font-semibold text-indigo-700 hover:underline">
            {t("page.demo")}
          </LocalLink>
        </p>
      ) : (
        <form method="post" action={`${action}#enrol`} className="mt-6 space-y-6" noValidate={false}>
          {/* Enter in any field enrols, not "Apply code" (the first visible submit button): issue 42. */}
          <DefaultSubmit label={t("page.submit")} name="intent" value="enrol" />
          {/* A message that is also a field's (the age outside the group) is said once, beside its field. */}
          <FormAlert message={served && !Object.values(errors).includes(served.message) ? served.message : undefined} />
          <fieldset
            aria-describedby={errors.sectionId ? "enrol-section-error" : undefined}
            data-visitor-clock=""
            data-academy-zone={data.timeZone}
            data-label={tt("visitorClock.label", { time: "{time}" })}
            data-zone-label={tt("visitorClock.zone", { zone: "{zone}" })}
          >
            <legend className="text-lg font-semibold text-slate-900">{t("page.choose")}</legend>
            <p className="text-sm text-slate-600">{t("page.zone", { zone: data.zone })}</p>
            <VisitorZone academyZone={data.timeZone} />
            {errors.sectionId ? (
              <p id="enrol-section-error" role="alert" className="mt-1 text-sm text-red-700">
                {errors.sectionId}
              </p>
            ) : null}
            <div className="mt-3 space-y-3">
              {data.sections.map((section) => (
                <div
                  key={section.id}
                  className="flex gap-3 rounded-2xl border border-slate-200 p-4 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50"
                >
                  <input
                    type="radio"
                    id={`section-${section.id}`}
                    aria-describedby={`section-${section.id}-about`}
                    name="sectionId"
                    value={section.id}
                    defaultChecked={chosen === String(section.id)}
                    required
                    disabled={!section.registrationOpen}
                    className="mt-1 h-4 w-4 shrink-0"
                  />
                  <SectionDetails section={section} inputId={`section-${section.id}`} academyZone={data.timeZone} />
                </div>
              ))}
            </div>
          </fieldset>
          <fieldset className="space-y-4">
            <legend className="text-lg font-semibold text-slate-900">{t("page.details")}</legend>
            {data.savedChildren.length > 0 ? (
              <p className="text-sm text-slate-700">
                {t("page.savedChildren")}{" "}
                {data.savedChildren.map((child, i) => (
                  <span key={child.id}>
                    {i > 0 ? " · " : null}
                    <a
                      href={`${action}?child=${child.id}${chosen ? `&section=${chosen}` : ""}#enrol`}
                      className="font-semibold text-indigo-700 hover:underline"
                    >
                      {child.name}, {child.age}
                    </a>
                  </span>
                ))}
              </p>
            ) : null}
            {value("childId") ? <input type="hidden" name="childId" value={value("childId")} /> : null}
            {value("demo") ? <input type="hidden" name="demo" value={value("demo")} /> : null}
            <div className="grid gap-4 sm:grid-cols-2">
              {field("childName", t("page.childName"), "text", "off")}
              {field("childAge", t("page.childAge"), "number", "off")}
              {field("parentName", t("page.parentName"), "text", "name")}
              {field("email", t("page.email"), "email", "email")}
              <PhoneField
                label={t("page.phone")}
                number={{ name: "phone", required: true, defaultValue: value("phone") }}
                error={errors.phone}
                country={{ name: "phoneCountry", defaultValue: value("phoneCountry") }}
                countryError={errors.phoneCountry}
              />
            </div>
            <input type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden="true" className="hidden" defaultValue="" />
          </fieldset>
          <ChannelOptIn checked={(name) => values[name] !== undefined} />
          <ConsentFieldset forms={data.consentForms} value={(name) => values[name]} error={(name) => errors[name]} />
          <PriceSummary quote={servedQuote(served) ?? data.quote} code={values.promoCode ?? ""} error={errors.promoCode} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="enrol" className="rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700">
              {t("page.submit")}
            </button>
            {/* A full group takes no enrolment: the same details put the child on its waitlist (decision 066). */}
            {data.sections.some((section) => section.seatsLeft === 0) ? (
              <button
                type="submit"
                name="intent"
                value="waitlist"
                className="rounded-lg border border-indigo-600 bg-white px-5 py-3 font-semibold text-indigo-700 hover:bg-indigo-50"
              >
                {t("waitlist.join")}
              </button>
            ) : null}
          </div>
        </form>
      )}
    </section>
  );
}
