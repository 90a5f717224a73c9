import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { ApiForm } from "~/lib/forms/use-api-form";
import { Field, inputClass } from "~/ui/Field";
import { TextField } from "~/ui/FormControls";
import { WeekdayChecks } from "~/ui/WeekdayChecks";
import { seriesForm, slotForm, type SlotFormValues } from "~/features/booking/admin-slots-forms";
import { useSlotsForm } from "./use-slots-form";

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

type SlotForm = ApiForm<z.ZodType<SlotFormValues, SlotFormValues>>;

function CourseSelect({ courses, form }: { courses: { id: number; name: string }[]; form: SlotForm }) {
  const { t } = useTranslation("booking");
  return (
    <Field label={t("admin.create.course")} error={form.error("courseId")}>
      {({ id, describedBy, invalid }) => (
        <select id={id} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("courseId")}>
          <option value="">{t("admin.create.anyCourse")}</option>
          {courses.map((course) => (
            <option key={course.id} value={course.id}>
              {course.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Online or at the academy, and the online class's meeting link. */
function PlaceFields({ form }: { form: SlotForm }) {
  const { t } = useTranslation("booking");
  return (
    <>
      <Field label={t("admin.create.mode")} error={form.error("mode")}>
        {({ id, describedBy, invalid }) => (
          <select id={id} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("mode")}>
            <option value="academy">{t("mode.academy")}</option>
            <option value="online">{t("mode.online")}</option>
          </select>
        )}
      </Field>
      <InputField form={form} name="meetingUrl" label={t("admin.create.meetingUrl")} type="url" />
    </>
  );
}

/** A slot form's input: numbers are whole and positive, links and times read left to right. */
function InputField({
  form,
  name,
  label,
  type,
  hint,
  className,
}: {
  form: SlotForm;
  name: string;
  label: string;
  type: "text" | "url" | "number" | "date" | "time";
  hint?: string;
  className?: string;
}) {
  const extra = type === "number" ? { min: 1, step: 1 } : type === "url" ? { placeholder: "https://" } : type === "text" ? { dir: "ltr" as const } : undefined;
  return <TextField form={form} name={name} label={label} type={type} hint={hint} className={className} extra={extra} />;
}

/** What both create forms share: length, seats, course, place and the submit button. */
function SlotBasics({ form, courses, submit }: { form: SlotForm; courses: { id: number; name: string }[]; submit: string }) {
  const { t } = useTranslation("booking");
  return (
    <>
      <InputField form={form} name="durationMinutes" label={t("admin.create.duration")} type="number" />
      <InputField form={form} name="capacity" label={t("admin.create.capacity")} type="number" />
      <CourseSelect courses={courses} form={form} />
      <PlaceFields form={form} />
      <div className="flex items-end">
        <button
          type="submit"
          disabled={form.pending}
          className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
        >
          {submit}
        </button>
      </div>
    </>
  );
}

const basics = { durationMinutes: "60", capacity: "5", courseId: "", mode: "academy", meetingUrl: "" };

/** One slot; a click on an empty hour of the calendar (`?create=date T time`) arrives with its date and time filled in. */
export function CreateSlotForm({ courses, create }: { courses: { id: number; name: string }[]; create: { date: string; time: string; label: string } | null }) {
  const { t } = useTranslation("booking");
  const picked = { date: create?.date ?? "", time: create?.time ?? "" };
  // Also rendered into the HTML, so the form posts whole before (or without) JavaScript.
  const form = useSlotsForm("slot", slotForm, "POST", "/api/admin/slots", { ...picked, ...basics }, { ...picked, ...basics });
  return (
    <Panel title={t("admin.create.heading")} id="create-slot">
      {create ? (
        <p role="status" className="mt-2 rounded-md bg-indigo-50 px-3 py-2 text-sm font-medium text-indigo-900">
          {t("admin.calendar.prefilled", { date: create.label, time: create.time })}
        </p>
      ) : null}
      <form {...form.formProps} className="mt-4 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="slot" />
        <InputField form={form} name="date" label={t("admin.create.date")} type="date" />
        <InputField form={form} name="time" label={t("admin.create.time")} type="time" />
        <SlotBasics form={form} courses={courses} submit={t("admin.create.submit")} />
      </form>
    </Panel>
  );
}

export function CreateSeriesForm({ courses, weekdays }: { courses: { id: number; name: string }[]; weekdays: string[] }) {
  const { t } = useTranslation("booking");
  const form = useSlotsForm("series", seriesForm, "POST", "/api/admin/slots/series", {
    from: "",
    to: "",
    weekdays: ["1", "2", "3", "4", "5"],
    times: "10:00, 11:00, 12:00, 13:00, 14:00",
    ...basics,
  });
  return (
    <Panel title={t("admin.series.heading")} id="create-series">
      <form {...form.formProps} className="mt-4 grid gap-3 sm:grid-cols-2">
        <InputField form={form} name="from" label={t("admin.series.from")} type="date" />
        <InputField form={form} name="to" label={t("admin.series.to")} type="date" />
        <WeekdayChecks
          legend={t("admin.series.weekdays")}
          weekdays={weekdays}
          checkbox={(day) => ({ value: day, ...form.methods.register("weekdays") })}
          error={form.error("weekdays")}
          errorId="series-weekdays-error"
        />
        <InputField form={form} name="times" label={t("admin.series.times")} hint={t("admin.series.timesHint")} type="text" className="sm:col-span-2" />
        <SlotBasics form={form} courses={courses} submit={t("admin.series.submit")} />
      </form>
    </Panel>
  );
}
