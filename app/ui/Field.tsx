import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface FieldProps {
  label: ReactNode;
  /** A validation message key (namespace "validation") or text from the server. */
  error?: string;
  hint?: ReactNode;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  className?: string;
  /** Error text colour; the default red is for light backgrounds. */
  errorClassName?: string;
  /**
   * A fixed id for the control, for a form hydrated as an island of its own (decision 108): React's
   * generated ids depend on the whole tree, which differs between the server's page and the island.
   */
  id?: string;
}

/** A labelled form control whose error message is announced and tied to it. */
export function Field({ label, error, hint, children, className, errorClassName = "text-red-700", id: fixedId }: FieldProps) {
  const { t } = useTranslation("validation");
  const generatedId = useId();
  const id = fixedId ?? generatedId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className={`mt-1 text-sm ${errorClassName}`}>
          {t(error, { defaultValue: error })}
        </p>
      ) : null}
    </div>
  );
}

export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600/30 aria-[invalid=true]:border-red-600";
