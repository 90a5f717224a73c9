import { useEffect, useRef } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { usePhoneCountry } from "~/features/site/use-phone-country";
import { useLang } from "~/i18n/use-lang";
import { useApiForm } from "~/lib/forms/use-api-form";
import { Field, inputClass } from "~/ui/Field";
import { Honeypot, SubmitButton, TextField } from "~/ui/FormControls";
import { ageOutsideCourse, BOOKING_MAX_AGE, BOOKING_MIN_AGE } from "./booking-ages";
import { BOOKING_FORM, WAITLIST_FORM } from "./booking-forms";
import type { PublicSlot } from "./booking.server";
import { bookingPagePath, waitlistJoinPath } from "./paths";
import { ChannelOptIn } from "~/features/messaging/ChannelOptIn";

/** What the server says when the seat went to someone else (409). */
export interface BookingConflict {
  message: string;
  remaining: PublicSlot[];
  /** The time refused as full: its waitlist is offered (decision 032). */
  fullSlotId?: number | null;
}

interface BookingFormProps {
  courseSlug: string;
  /** The chosen time (steps 1 and 2) and its date; both go with a post made without script. */
  slot: { id: number; date: string } | null;
  /** The course's age range: a child outside it is booked only once the parent confirms. */
  ages: { minAge: number; maxAge: number };
  /** The chosen day (also without a time): kept in a saved child's link. */
  date: string | null;
  prefill: { parentName: string; email: string; childName?: string; childAge?: string } | null;
  /** A signed-in parent's saved children (decision 033): each fills in the child's fields. */
  savedChildren: { id: number; name: string; age: number }[];
  onConflict: (conflict: BookingConflict) => void;
  /** The same details join the waitlist of a full time instead (the waitlist page, decision 032). */
  waitlist?: boolean;
}

const parentFields = [
  { name: "parentName", type: "text", autoComplete: "name" },
  { name: "email", type: "email", autoComplete: "email" },
  { name: "phone", type: "tel", autoComplete: "tel" },
] as const;

/**
 * Step 3: the child's and parent's details; submitting books the chosen slot. Without JavaScript
 * it posts to the booking page (booking.action.server.ts), which goes on to the confirmation page.
 */
export function BookingForm({ courseSlug, slot, date, ages, prefill, savedChildren, onConflict, waitlist = false }: BookingFormProps) {
  const { t } = useTranslation("booking");
  const lang = useLang();
  const navigate = useNavigate();
  const phoneCountry = usePhoneCountry();
  // The course's ages are checked before sending too, with the server's words (read when checking:
  // the schema is built once, when zod arrives with the first send; decision 070).
  const course = useRef({ ages, t });
  useEffect(() => {
    course.current = { ages, t };
  });
  const formId = waitlist ? WAITLIST_FORM : BOOKING_FORM;
  const form = useApiForm({
    id: formId,
    schema: () =>
      import("./booking.schema").then(({ bookingSchemaFor }) =>
        bookingSchemaFor(phoneCountry).superRefine((values, ctx) => {
          const { ages, t } = course.current;
          if (ageOutsideCourse(values.childAge, ages) && values.ageConfirmed !== true) {
            ctx.addIssue({ code: "custom", path: ["childAge"], message: t("api.ageOutside", { age: values.childAge, min: ages.minAge, max: ages.maxAge }) });
          }
        }),
      ),
    request: () => ({ path: `/api/courses/${encodeURIComponent(courseSlug)}/${waitlist ? "demo-waitlist" : "demo-bookings"}` }),
    initial: prefill ?? undefined,
    messages: { failed: t("form.failed"), network: t("form.network") },
    successToast: false,
    onSuccess: async (answer) => {
      const next = waitlist ? answer.statusUrl : answer.confirmationUrl;
      if (typeof next === "string") await navigate(next);
    },
    // A lost seat is explained beside the times (the page's conflict box), not in a toast.
    refusalText: (answer, status) => (status === 409 || status === 404 ? false : (answer.message ?? t("form.failed"))),
    onRefusal: (answer, status) => {
      if (status === 409 || status === 404) {
        const fullSlotId = answer.reason === "full" ? (slot?.id ?? null) : null;
        onConflict({ message: answer.message ?? t("form.failed"), remaining: (answer.remaining as PublicSlot[] | undefined) ?? [], fullSlotId });
      }
    },
  });
  const { setValue, control } = form.methods;
  // The time is picked outside the form: its id joins the values the schema checks.
  useEffect(() => {
    setValue("slotId", slot?.id ?? (undefined as unknown as number));
  }, [slot?.id, setValue]);

  const ageField = form.field("childAge");
  // An age typed before hydration is in the form's values (read from the page) but not yet watched.
  const age = Number(useWatch({ control, name: "childAge" }) ?? form.methods.getValues("childAge") ?? ageField.defaultValue);
  const ageOutside = ageOutsideCourse(age, ages);
  const ageValues = { age, min: ages.minAge, max: ages.maxAge };
  // The schema's "required" for the time (from the browser's check or a post without script).
  const noTime = slot === null && form.error("slotId") !== undefined;

  return (
    <form
      {...form.formProps}
      action={waitlist && slot ? waitlistJoinPath(courseSlug, slot.id, lang) : bookingPagePath(courseSlug, lang)}
      id={formId}
      aria-labelledby="step-details"
      className="mt-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <input type="hidden" name="slotId" value={slot?.id ?? ""} />
      <input type="hidden" name="date" value={slot?.date ?? ""} />
      {savedChildren.length > 0 ? (
        <SavedChildren
          savedChildren={savedChildren}
          link={(id) =>
            waitlist && slot
              ? `${waitlistJoinPath(courseSlug, slot.id, lang)}&child=${id}`
              : `${bookingPagePath(courseSlug, lang)}?${new URLSearchParams([...(slot ? [["slot", String(slot.id)]] : date ? [["date", date]] : []), ["child", String(id)]])}#step-details`
          }
          onPick={(child) => {
            setValue("childName", child.name, { shouldValidate: form.methods.formState.submitCount > 0 });
            setValue("childAge", child.age, { shouldValidate: form.methods.formState.submitCount > 0 });
          }}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {/* Fixed ids: the form may be hydrated as an island of its own (decision 108). */}
        <TextField form={form} name="childName" id={`${formId}-childName`} label={t("form.childName")} autoComplete="off" required />
        <Field
          id={`${formId}-childAge`}
          label={t("form.childAge")}
          error={form.error("childAge")}
          hint={t("form.childAgeHint", { min: ages.minAge, max: ages.maxAge })}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="number"
              inputMode="numeric"
              min={BOOKING_MIN_AGE}
              max={BOOKING_MAX_AGE}
              step={1}
              className={inputClass}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              aria-required="true"
              {...ageField}
              {...form.methods.register("childAge", { valueAsNumber: true })}
            />
          )}
        </Field>
        {ageOutside ? (
          <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900 sm:col-span-2">
            <p>{t("form.ageWarning", ageValues)}</p>
            <label className="mt-2 flex items-start gap-2 font-semibold">
              {/* No value attribute: the browser posts "on", and react-hook-form reads a boolean. */}
              <input
                type="checkbox"
                className="mt-1 h-4 w-4"
                defaultChecked={form.field("ageConfirmed").defaultValue !== undefined}
                {...form.methods.register("ageConfirmed")}
              />
              <span>{t("form.ageConfirm", ageValues)}</span>
            </label>
          </div>
        ) : null}
        {parentFields.map((field) => (
          <TextField
            key={field.name}
            form={form}
            name={field.name}
            id={`${formId}-${field.name}`}
            label={t(`form.${field.name}`)}
            type={field.type}
            autoComplete={field.autoComplete}
            required
          />
        ))}
      </div>
      {waitlist ? null : <ChannelOptIn checked={(name) => form.field(name).defaultValue !== undefined} register={(name) => form.methods.register(name)} />}
      <Honeypot form={form} name="website" />
      {noTime ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {t("form.chooseTime")}
        </p>
      ) : null}
      <SubmitButton
        pending={form.pending}
        label={waitlist ? t("waitlist.join.submit") : t("form.submit")}
        pendingLabel={waitlist ? t("waitlist.join.submitting") : t("form.submitting")}
        className="mt-6 rounded-lg bg-indigo-600 px-6 py-3 font-semibold text-white hover:bg-indigo-700"
      />
    </form>
  );
}

/**
 * The signed-in parent's saved children: links that fill in the child's name and age. Without
 * JavaScript the link reloads the page with `?child=` and the server fills the fields in; with it,
 * the fields are filled in place and what else was typed stays.
 */
function SavedChildren({
  savedChildren,
  link,
  onPick,
}: {
  savedChildren: BookingFormProps["savedChildren"];
  link: (id: number) => string;
  onPick: (child: BookingFormProps["savedChildren"][number]) => void;
}) {
  const { t } = useTranslation("booking");
  return (
    <section aria-labelledby="saved-children" className="mb-4">
      <p id="saved-children" className="text-sm font-semibold text-slate-800">
        {t("form.savedChildren")}
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {savedChildren.map((child) => (
          <li key={child.id}>
            <a
              href={link(child.id)}
              onClick={(event) => {
                event.preventDefault();
                onPick(child);
              }}
              className="inline-block rounded-full border border-indigo-300 px-3 py-1 text-sm font-semibold text-indigo-800 hover:bg-indigo-50"
            >
              {t("form.savedChild", { name: child.name, age: child.age })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
