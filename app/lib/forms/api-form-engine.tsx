import { memo, useEffect, useLayoutEffect, type RefObject } from "react";
import type { FieldValues } from "react-hook-form";
import type { z } from "zod";
import { useApiForm, type ApiForm, type ApiFormOptions } from "./use-api-form";

interface EngineProps {
  options: RefObject<ApiFormOptions<z.ZodType<FieldValues, FieldValues>>>;
  onChange: (form: ApiForm<z.ZodType<FieldValues, FieldValues>>) => void;
  /** Called instead when this module could not be loaded (see use-deferred-api-form.tsx). */
  onUnavailable: () => void;
}

/**
 * The script half of a deferred form (use-deferred-api-form.tsx): react-hook-form lives here and
 * hands each state of the form up to the component that draws it. Memo with stable props, so it
 * renders only when react-hook-form's state changes, not every time the form it reports to does.
 */
export const ApiFormEngine = memo(function ApiFormEngine({ options, onChange }: EngineProps) {
  const form = useApiForm(options.current);
  // Before paint, so the inputs get react-hook-form's handlers in the same frame the engine arrives.
  useLayoutEffect(() => onChange(form));
  // The visitor is in the form: its schema (zod) loads now rather than on the first send.
  useEffect(() => form.formProps.onFocus(), [form.formProps]);
  return null;
});
