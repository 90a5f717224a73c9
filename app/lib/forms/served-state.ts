import { useContext } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router";
import { isFormState, type FormState } from "./form-state";

/**
 * The refusal of this form that the page's action rendered (no JavaScript), from any route's
 * action: a form in a layout (the footer's) posts to a page whose own action answers it.
 * useActionData would only see the route the form is rendered in.
 */
export function useServedState(id: string): FormState | undefined {
  const actionData = useContext(UNSAFE_DataRouterStateContext)?.actionData ?? {};
  return Object.values(actionData).find((value): value is FormState => isFormState(value, id));
}

/** The form-wide message of a served refusal (none when fields carry the messages). */
export function servedRefusal(
  served: FormState | undefined,
  refusalText: ((answer: { message?: string }, status: number | undefined) => string | false) | undefined,
): string | undefined {
  if (!served || Object.keys(served.errors).length > 0 || !served.message) return undefined;
  return refusalText?.({ message: served.message }, undefined) || served.message;
}
