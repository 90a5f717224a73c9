import type { ComponentProps, ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * Holds the form controls inside it disabled until React runs the page. Our forms send through
 * JavaScript: before that a click would submit natively (a GET, passwords in the URL), and
 * whatever was typed would be reset when react-hook-form takes the fields over.
 */
export function DisabledUntilHydrated({ className, children }: { className?: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset role="none" disabled={!hydrated} className={`m-0 min-w-0 border-0 p-0 ${className ?? ""}`}>
      {children}
    </fieldset>
  );
}

/** A form sent by script: browser validation off (ours speaks both languages), controls disabled until hydrated. */
export function ScriptedForm({ controlsClassName, children, ...props }: ComponentProps<"form"> & { controlsClassName?: string }) {
  return (
    <form noValidate {...props}>
      <DisabledUntilHydrated className={controlsClassName}>{children}</DisabledUntilHydrated>
    </form>
  );
}
