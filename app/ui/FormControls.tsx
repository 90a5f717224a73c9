import type { ReactNode } from "react";
import { Field, inputClass } from "./Field";
import { PhoneField } from "./PhoneField";

/** The part of useApiForm (app/lib/forms/use-api-form.ts) a control needs: its props and its message. */
interface FormFields<N extends string> {
  field: (name: N) => object;
  error: (name: N) => string | undefined;
}

interface TextFieldProps<N extends string> {
  form: FormFields<N>;
  name: N;
  label: ReactNode;
  type?: "text" | "email" | "tel" | "url" | "number" | "date" | "time";
  autoComplete?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** Extra attributes for the input (min for a date, step for a number, dir for codes, ...). */
  extra?: { min?: string | number; step?: number; placeholder?: string; dir?: "ltr" };
  /** A fixed id (Field's `id`). */
  id?: string;
}

/**
 * A labelled one-line input of a form, with its message tied to it. E-mail addresses and phone
 * numbers read left to right on Arabic pages too. A phone number ("tel") comes with its country
 * code's select, posted as the form's `phoneCountry` (PhoneField, decision 112).
 */
export function TextField<N extends string>({
  form,
  name,
  label,
  type = "text",
  autoComplete,
  hint,
  required,
  className,
  extra,
  id: fixedId,
}: TextFieldProps<N>) {
  if (type === "tel") {
    const country = "phoneCountry" as N;
    return (
      <PhoneField
        label={label}
        number={{ name, ...form.field(name), "aria-required": required || undefined }}
        error={form.error(name)}
        country={{ name: country, ...form.field(country) }}
        countryError={form.error(country)}
        autoComplete={autoComplete}
        className={className}
        id={fixedId}
      />
    );
  }
  return (
    <Field label={label} error={form.error(name)} hint={hint} className={className} id={fixedId}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type={type}
          autoComplete={autoComplete}
          dir={type === "email" || type === "url" ? "ltr" : undefined}
          className={inputClass}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          aria-required={required || undefined}
          {...extra}
          {...form.field(name)}
        />
      )}
    </Field>
  );
}

/** Hidden from people; bots that fill it are refused (or ignored) by the server. */
export function Honeypot<N extends string>({ form, name }: { form: FormFields<N>; name: N }) {
  return <input type="text" tabIndex={-1} autoComplete="off" aria-hidden="true" className="hidden" {...form.field(name)} />;
}

/** A form's submit button: disabled only while the form is being sent (never just because script has not run). */
export function SubmitButton({ pending, label, pendingLabel, className }: { pending: boolean; label: string; pendingLabel: string; className: string }) {
  return (
    <button type="submit" disabled={pending} className={`${className} disabled:opacity-60`}>
      {pending ? pendingLabel : label}
    </button>
  );
}
