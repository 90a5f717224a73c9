import { useTranslation } from "react-i18next";
import { Field, inputClass } from "~/ui/Field";
import { WeekdayChecks } from "~/ui/WeekdayChecks";

interface Choice {
  id: number;
  name: string;
}

export interface SectionFieldsProps {
  /** The form's values as posted (`wd0`..`wd6` for the ticked weekdays, closures one per line). */
  values: Record<string, string>;
  errors: Record<string, string>;
  courses: Choice[];
  teachers: Choice[];
  weekdays: string[];
  /** Prefix of the form's element ids (two forms on one page stay apart). */
  idPrefix: string;
}

/** A course group's fields (issue 29): the same on the new group's form and the edit page, posted as sectionPayload reads them. */
export function SectionFields({ values, errors, courses, teachers, weekdays, idPrefix }: SectionFieldsProps) {
  const { t } = useTranslation("sections");
  const value = (name: string) => values[name] ?? "";
  const input = (name: string, label: string, type: string, hint?: string) => (
    <Field label={label} error={errors[name]} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={name}
          type={type}
          defaultValue={value(name)}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={inputClass}
        />
      )}
    </Field>
  );
  return (
    <>
      <Field label={t("admin.course")} error={errors.courseId}>
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            name="courseId"
            defaultValue={value("courseId")}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className={inputClass}
          >
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
          <select
            id={id}
            name="teacherId"
            defaultValue={value("teacherId")}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className={inputClass}
          >
            <option value="">{t("admin.noTeacher")}</option>
            {teachers.map((teacher) => (
              <option key={teacher.id} value={teacher.id}>
                {teacher.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <WeekdayChecks
        legend={t("admin.weekdays")}
        weekdays={weekdays}
        checkbox={(day) => ({ name: `wd${day}`, defaultChecked: Object.hasOwn(values, `wd${day}`) })}
        error={errors.weekdays}
        errorId={`${idPrefix}-weekdays-error`}
      />
      {input("startTime", t("admin.startTime"), "time")}
      {input("durationMinutes", t("admin.duration"), "number")}
      {input("firstDate", t("admin.firstDate"), "date")}
      {input("meetings", t("admin.meetings"), "number", t("admin.meetingsHint"))}
      <Field label={t("admin.closures")} error={errors.closures} hint={t("admin.closuresHint")} className="sm:col-span-2">
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            name="closures"
            rows={2}
            defaultValue={value("closures")}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className={inputClass}
          />
        )}
      </Field>
      <Field label={t("admin.mode")} error={errors.mode}>
        {({ id, describedBy }) => (
          <select id={id} name="mode" defaultValue={value("mode") || "academy"} aria-describedby={describedBy} className={inputClass}>
            <option value="academy">{t("mode.academy")}</option>
            <option value="online">{t("mode.online")}</option>
          </select>
        )}
      </Field>
      {input("meetingUrl", t("admin.meetingUrl"), "url")}
      {input("capacity", t("admin.capacity"), "number")}
      <Field label={t("admin.language")} error={errors.language}>
        {({ id, describedBy }) => (
          <select id={id} name="language" defaultValue={value("language") || "en"} aria-describedby={describedBy} className={inputClass}>
            <option value="en">{t("language.en")}</option>
            <option value="ar">{t("language.ar")}</option>
          </select>
        )}
      </Field>
      {input("minAge", t("admin.minAge"), "number", t("admin.agesHint"))}
      {input("maxAge", t("admin.maxAge"), "number", t("admin.agesHint"))}
      {input("registrationOpensAt", t("admin.opens"), "datetime-local", t("admin.opensHint"))}
      {input("registrationClosesAt", t("admin.closes"), "datetime-local", t("admin.closesHint"))}
    </>
  );
}

/** The new group's form before anything was posted. */
export const NEW_SECTION_VALUES: Record<string, string> = { startTime: "17:00", durationMinutes: "60", capacity: "12", mode: "academy", language: "en" };
