import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "~/ui/toast";
import { usePhoneCountry } from "~/features/site/use-phone-country";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { zodResolver } from "~/lib/zod-form";
import { Field, inputClass } from "~/ui/Field";
import { ageOutsideCourse, bookingFormSchemaFor, CHILD_MAX_AGE, CHILD_MIN_AGE, type BookingFormInput } from "./booking.schema";
import type { PublicSlot } from "./booking.server";
import { ScriptedForm } from "~/ui/UntilHydrated";

/** What the server says when the seat went to someone else (409). */
export interface BookingConflict {
  message: string;
  remaining: PublicSlot[];
}

interface BookingFormProps {
  courseSlug: string;
  slotId: number | null;
  /** The course's age range: a child outside it is booked only once the parent confirms. */
  ages: { minAge: number; maxAge: number };
  prefill: { parentName: string; email: string } | null;
  onConflict: (conflict: BookingConflict) => void;
}

type BookingAnswer = { message?: string; reference?: string; confirmationUrl?: string; errors?: Record<string, string>; remaining?: PublicSlot[] };

const parentFields = [
  { name: "parentName", type: "text", autoComplete: "name" },
  { name: "email", type: "email", autoComplete: "email" },
  { name: "phone", type: "tel", autoComplete: "tel" },
] as const;

/** Step 3: the child's and parent's details; submitting books the chosen slot. */
export function BookingForm({ courseSlug, slotId, ages, prefill, onConflict }: BookingFormProps) {
  const { t } = useTranslation("booking");
  const lang = useLang();
  const navigate = useNavigate();
  const [noTime, setNoTime] = useState(false);
  const phoneCountry = usePhoneCountry();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BookingFormInput>({
    resolver: zodResolver(bookingFormSchemaFor(phoneCountry)),
    defaultValues: { childName: "", parentName: prefill?.parentName ?? "", email: prefill?.email ?? "", phone: "", website: "", ageConfirmed: false },
  });
  const age = Number(useWatch({ control, name: "childAge" }));
  const ageOutside = ageOutsideCourse(age, ages);
  const ageValues = { age, min: ages.minAge, max: ages.maxAge };

  const onSubmit = handleSubmit(async (values) => {
    if (slotId === null) {
      setNoTime(true);
      return;
    }
    setNoTime(false);
    if (ageOutsideCourse(values.childAge, ages) && !values.ageConfirmed) {
      setError("childAge", { message: t("api.ageOutside", { age: values.childAge, min: ages.minAge, max: ages.maxAge }) });
      return;
    }
    try {
      const result = await apiRequest<BookingAnswer>("POST", `/api/courses/${encodeURIComponent(courseSlug)}/demo-bookings`, {
        body: { ...values, slotId },
        lang,
      });
      if (result.status === 201 && result.data?.confirmationUrl) {
        await navigate(result.data.confirmationUrl);
        return;
      }
      if (result.status === 409 || result.status === 404) {
        onConflict({ message: result.data?.message ?? t("form.failed"), remaining: result.data?.remaining ?? [] });
        return;
      }
      for (const [field, message] of Object.entries(result.data?.errors ?? {})) {
        if (field in values) setError(field as keyof BookingFormInput, { message });
      }
      toast.error(result.data?.message ?? t("form.failed"));
    } catch {
      toast.error(t("form.network"));
    }
  });

  return (
    <ScriptedForm onSubmit={onSubmit} aria-labelledby="step-details" className="mt-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("form.childName")} error={errors.childName?.message}>
          {({ id, describedBy, invalid }) => (
            <input id={id} type="text" autoComplete="off" className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} aria-required="true" {...register("childName")} />
          )}
        </Field>
        <Field label={t("form.childAge")} error={errors.childAge?.message} hint={t("form.childAgeHint")}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="number"
              inputMode="numeric"
              min={CHILD_MIN_AGE}
              max={CHILD_MAX_AGE}
              step={1}
              className={inputClass}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              aria-required="true"
              {...register("childAge", { valueAsNumber: true })}
            />
          )}
        </Field>
        {ageOutside ? (
          <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900 sm:col-span-2">
            <p>{t("form.ageWarning", ageValues)}</p>
            <label className="mt-2 flex items-start gap-2 font-semibold">
              <input type="checkbox" className="mt-1 h-4 w-4" {...register("ageConfirmed")} />
              <span>{t("form.ageConfirm", ageValues)}</span>
            </label>
          </div>
        ) : null}
        {parentFields.map((field) => (
          <Field key={field.name} label={t(`form.${field.name}`)} error={errors[field.name]?.message}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type={field.type}
                autoComplete={field.autoComplete}
                dir={field.type === "email" || field.type === "tel" ? "ltr" : undefined}
                className={inputClass}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                aria-required="true"
                {...register(field.name)}
              />
            )}
          </Field>
        ))}
      </div>
      {/* Hidden from people; bots that fill it are refused by the server. */}
      <input type="text" tabIndex={-1} autoComplete="off" aria-hidden="true" className="hidden" {...register("website")} />
      {noTime && slotId === null ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {t("form.chooseTime")}
        </p>
      ) : null}
      <button type="submit" disabled={isSubmitting} className="mt-6 rounded-lg bg-indigo-600 px-6 py-3 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60">
        {isSubmitting ? t("form.submitting") : t("form.submit")}
      </button>
    </ScriptedForm>
  );
}
