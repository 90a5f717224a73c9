import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps, type ReactNode } from "react";
import type { FieldValues, Path, UseFormRegisterReturn } from "react-hook-form";
import type { z } from "zod";
import { servedRefusal, useServedState } from "./served-state";
import type { ApiFormEngine } from "./api-form-engine";
import type { ApiForm, ApiFormOptions } from "./use-api-form";

type Schema = z.ZodType<FieldValues, FieldValues>;
type EngineProps = ComponentProps<typeof ApiFormEngine>;

// Without its code (the network went away) the form still posts to its page, as without script.
const Engine = lazy(() =>
  import("./api-form-engine").then(
    (module) => ({ default: module.ApiFormEngine }),
    () => ({ default: Unavailable }),
  ),
);

function Unavailable({ onUnavailable }: EngineProps): ReactNode {
  useEffect(onUnavailable, [onUnavailable]);
  return null;
}

/**
 * What a deferred form draws with: useApiForm's result without react-hook-form's own methods; a
 * field's handlers and ref are there only once the code has arrived.
 */
export type DeferredApiForm<S extends Schema> = Omit<ApiForm<S>, "methods" | "field"> & {
  field: (name: Path<z.input<S>>) => Partial<UseFormRegisterReturn> & { name: string; defaultValue?: string };
};

/**
 * useApiForm for forms on pages most visitors only read (the footer's, the school enquiry): the form
 * is drawn from plain props, and react-hook-form with the form's code loads on the first focus
 * inside it. The inputs are uncontrolled and stay the same elements when the code arrives, so typed
 * values and focus stay; react-hook-form reads the values from them. A form sent before its code is
 * there is sent again by it once loaded (or posted to its page if it cannot load). Render `engine`
 * anywhere inside the component.
 */
export function useDeferredApiForm<S extends Schema>(options: ApiFormOptions<S>): { form: DeferredApiForm<S>; engine: ReactNode } {
  const served = useServedState(options.id);
  const [wanted, setWanted] = useState(false);
  const [live, setLive] = useState<ApiForm<S> | null>(null);
  // Fields typed into before the code arrived: their message from a refused post is stale.
  const [changed, setChanged] = useState<ReadonlySet<string>>(() => new Set());
  // The engine reads the newest options when it renders, without being rendered for each change.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = { ...options, changedBeforeLoad: [...changed] };
  });
  const sentEarly = useRef<HTMLFormElement | null>(null);
  const [callbacks] = useState(() => ({
    onChange: (form: ApiForm<S>) => setLive(() => form),
    onUnavailable: () => {
      sentEarly.current?.submit();
      sentEarly.current = null;
    },
  }));
  // The send that came before the code: now through react-hook-form (checks, JSON, toasts).
  useEffect(() => {
    if (live && sentEarly.current) {
      sentEarly.current.requestSubmit();
      sentEarly.current = null;
    }
  }, [live]);

  const plain: DeferredApiForm<S> = {
    formProps: {
      method: "post",
      noValidate: true,
      onSubmit: (event) => {
        event.preventDefault();
        sentEarly.current = event.currentTarget;
        setWanted(true);
      },
      onFocus: () => setWanted(true),
      onInput: (event) => {
        const name = (event.target as HTMLInputElement).name;
        if (name && served?.errors[name] !== undefined && !changed.has(name)) setChanged(new Set(changed).add(name));
      },
    },
    field: (name) => ({ name, defaultValue: served?.values[name] ?? options.initial?.[name] }),
    servedValue: (name) => served?.values[name],
    error: (name) => (changed.has(name) ? undefined : served?.errors[name]),
    refusal: servedRefusal(served, options.refusalText),
    pending: false,
  };
  const engine = wanted ? (
    <Suspense fallback={null}>
      <Engine
        options={latest as unknown as EngineProps["options"]}
        onChange={callbacks.onChange as unknown as EngineProps["onChange"]}
        onUnavailable={callbacks.onUnavailable}
      />
    </Suspense>
  ) : null;
  return { form: live ?? plain, engine };
}
