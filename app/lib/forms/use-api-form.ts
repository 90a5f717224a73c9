import { useEffect, useState, type FormEvent } from "react";
import { get, useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { toast, type ToastOptions } from "~/ui/toast";
import { servedRefusal, useServedState } from "./served-state";

/** What an endpoint answers a form: a message, per-field messages, and whatever else it returns. */
export type FormAnswer = { message?: string; errors?: Record<string, string> } & Record<string, unknown>;

export interface ApiFormOptions<S extends z.ZodType<FieldValues, FieldValues>> {
  /** Names the form; a refused post without JavaScript comes back under this name (FormState.form). */
  id: string;
  /**
   * The shared zod schema: the browser checks it before sending, the server checks it again. Public
   * forms pass a function importing it, so zod (and libphonenumber) load when the form is first
   * focused instead of with every page; until then the form posts to its page like without script.
   */
  schema: S | (() => Promise<S>);
  /**
   * The JSON endpoint for the valid values (the same one the page's action calls); `input` is the
   * form's values as typed. It may first do async work (an upload), and answer undefined to send nothing.
   */
  request: (values: z.output<S>, input: z.input<S>) => ApiFormRequest | undefined | Promise<ApiFormRequest | undefined>;
  /** Values the fields start with (also rendered into the HTML, so they work before hydration). */
  initial?: Partial<Record<Path<z.input<S>>, string>>;
  /**
   * A whole record to edit (nested values, lists, numbers) for forms that work only once hydrated
   * (the admin editors): react-hook-form's own defaultValues. Remount the form (a React key) for another record.
   */
  defaults?: DefaultValues<z.input<S>>;
  /** After the browser's check refused the values (e.g. to show the tab holding the first error). */
  onInvalid?: (errors: FieldErrors<z.input<S>>) => void;
  /** Fallback texts when the server gives no message, and when it cannot be reached. */
  messages: { failed: string; network: string };
  /** After a 2xx answer. By default the server's message shows in a toast and the form clears (`reset`). */
  onSuccess?: (answer: FormAnswer, values: z.output<S>, reset: () => void) => void | Promise<void>;
  /** Options of the success toast, or false for none (the page shows its own outcome). */
  successToast?: ToastOptions | false;
  /**
   * The text a refusal shows in the error toast (false: no toast, the page shows it), given the
   * server's answer and status; by default the server's message. After a refused post without
   * JavaScript (no status) it words the form's message on the page; false keeps the server's.
   */
  refusalText?: (answer: FormAnswer, status: number | undefined) => string | false;
  /** Fields typed into before the form's code arrived (useDeferredApiForm): their served messages are stale. */
  changedBeforeLoad?: readonly string[];
  /** After a refusal (4xx), besides the field messages and the error toast. */
  onRefusal?: (answer: FormAnswer, status: number) => void;
}

export type ApiFormRequest = { method?: "POST" | "PUT" | "PATCH" | "DELETE"; path: string; body?: unknown };

export interface ApiForm<S extends z.ZodType<FieldValues, FieldValues>> {
  /** react-hook-form's own methods, for controls the helpers below do not cover. */
  methods: UseFormReturn<z.input<S>, unknown, z.output<S>>;
  /** Spread on <form>: a real POST to the page (works without JavaScript), sent by script once hydrated. */
  formProps: {
    method: "post";
    noValidate: true;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    onFocus: () => void;
    onInput?: (event: FormEvent<HTMLFormElement>) => void;
  };
  /** Spread on a text control: its name, handlers and the value it starts with. */
  field: (name: Path<z.input<S>>) => ReturnType<UseFormReturn<z.input<S>>["register"]> & { defaultValue?: string };
  /** A value the page's action rendered back after a refused post without JavaScript (e.g. a hidden return path). */
  servedValue: (name: string) => string | undefined;
  /** The message to show beside a field: the browser's check, else the server's. */
  error: (name: Path<z.input<S>>) => string | undefined;
  /** The server's message for the whole form after a refused post without JavaScript (e.g. 409, 429). */
  refusal: string | undefined;
  /** True from the click until the answer: the only time the submit button is disabled. */
  pending: boolean;
}

/**
 * The one way a form submits (decision 019). Before hydration the form posts to its page, whose
 * action runs the same endpoint and renders refusals back; once hydrated, the same form sends JSON
 * to that endpoint, maps the server's field messages onto the fields, and shows toasts.
 */
export function useApiForm<S extends z.ZodType<FieldValues, FieldValues>>(options: ApiFormOptions<S>): ApiForm<S> {
  const lang = useLang();
  const served = useServedState(options.id);
  // Field values stay out of react-hook-form's defaultValues: it would write them over what a
  // visitor typed before hydration. The DOM's own defaultValue carries them instead.
  // A schema that cannot be loaded (the network went away) is a network failure, and sends nothing.
  const [validation] = useState(() => lazyResolver(options.schema, () => toast.error(options.messages.network)));
  useEffect(() => validation.follow(options.schema));
  // The first wrong field gets focus in the page's order (focusFirstError), not in react-hook-form's,
  // which is the order fields registered: a control registered by its parent's render came first.
  const methods = useForm<z.input<S>, unknown, z.output<S>>({ resolver: validation.resolver, defaultValues: options.defaults, shouldFocusError: false });
  const [refusal, setRefusal] = useState<string | undefined>(() => servedRefusal(served, options.refusalText));
  const { errors, isSubmitting, submitCount } = methods.formState;
  // Fields changed since a refused post without JavaScript: their served message is stale, so the
  // browser's own check speaks for them instead.
  const [changedHere, setChangedSinceServed] = useState<ReadonlySet<string>>(() => new Set());
  // A deferred form also reports what was typed before (and while) its code was arriving.
  const changedSinceServed = new Set([...changedHere, ...(options.changedBeforeLoad ?? [])]);

  const onValid = async (values: z.output<S>) => {
    setRefusal(undefined);
    let answer: Awaited<ReturnType<typeof apiRequest<FormAnswer>>>;
    try {
      const request = await options.request(values, methods.getValues());
      if (!request) return;
      const { method = "POST", path, body = values } = request;
      answer = await apiRequest<FormAnswer>(method, path, { body, lang });
    } catch {
      toast.error(options.messages.network);
      return;
    }
    const data = answer.data ?? {};
    if (answer.ok) {
      if (options.successToast !== false) toast.success(data.message ?? "", options.successToast);
      if (options.onSuccess) await options.onSuccess(data, values, () => methods.reset());
      else methods.reset();
      return;
    }
    let first = true;
    for (const [name, message] of Object.entries(data.errors ?? {})) {
      methods.setError(name as Path<z.input<S>>, { type: "server", message }, { shouldFocus: first });
      first = false;
    }
    const refusalText = options.refusalText ? options.refusalText(data, answer.status) : (data.message ?? options.messages.failed);
    if (refusalText !== false) toast.error(refusalText);
    options.onRefusal?.(data, answer.status);
  };

  return {
    methods,
    formProps: {
      method: "post",
      noValidate: true,
      onSubmit: (event) => {
        const form = event.currentTarget;
        void methods.handleSubmit(onValid, async (invalid) => {
          await options.onInvalid?.(invalid);
          focusFirstError(form, invalid);
        })(event);
      },
      // Focus bubbles from every control: the validation code loads while the visitor types.
      onFocus: () => void validation.load().catch(() => undefined),
    },
    field: (name) => {
      const registered = methods.register(name);
      const servedError = served?.errors[name];
      return {
        ...registered,
        defaultValue: served?.values[name] ?? options.initial?.[name],
        onChange: async (event: { target: unknown; type?: unknown }) => {
          await registered.onChange(event);
          if (servedError === undefined || changedSinceServed.has(name)) return;
          setChangedSinceServed((names) => new Set(names).add(name));
          await methods.trigger(name);
        },
      };
    },
    servedValue: (name) => served?.values[name],
    // The server's message from a post without JavaScript holds until its field changes or the
    // form is sent again. get(): nested names ("address.en", "faqs.0.answerAr") live in nested error objects.
    error: (name) =>
      (get(errors, name) as { message?: string } | undefined)?.message ??
      (submitCount === 0 && !changedSinceServed.has(name) ? served?.errors[name] : undefined),
    refusal,
    pending: isSubmitting,
  };
}

/**
 * A resolver that loads the zod resolver, and a schema given as an import, on first use (or on
 * `load()`, called on the form's first focus); a schema given as such is read anew at each check,
 * as it may change with the page (a course's ages). A failed load is forgotten, so the next attempt
 * tries again.
 */
function lazyResolver<S extends z.ZodType<FieldValues, FieldValues>>(initial: S | (() => Promise<S>), onLoadFailure: () => void) {
  type Loaded = Resolver<z.input<S>, unknown, z.output<S>>;
  let current = initial;
  let imported: Promise<S> | undefined;
  let resolvers: ReturnType<typeof loadResolvers> | undefined;
  const load = async (): Promise<Loaded> => {
    const schema = current;
    const loadedSchema = typeof schema === "function" ? (imported ??= schema()) : schema;
    resolvers ??= loadResolvers();
    try {
      const [{ zodResolver }, checked] = await Promise.all([resolvers, loadedSchema]);
      // zodResolver's overloads are written for concrete schemas; this one is generic over the form's.
      return zodResolver(checked as unknown as Parameters<typeof zodResolver>[0]) as unknown as Loaded;
    } catch (error) {
      imported = undefined;
      resolvers = undefined;
      throw error;
    }
  };
  const resolver: Loaded = async (values, context, resolverOptions) => {
    let check: Loaded;
    try {
      check = await load();
    } catch {
      onLoadFailure();
      // A form-wide error keeps handleSubmit from sending.
      return { values: {}, errors: { root: { type: "load" } } as FieldErrors<z.input<S>> };
    }
    return check(values, context, resolverOptions);
  };
  // The page's newest schema (an import is loaded once: it names the same schema each time).
  const follow = (schema: S | (() => Promise<S>)) => {
    current = schema;
  };
  return { load, resolver, follow };
}

const loadResolvers = () => import("@hookform/resolvers/zod");

/** Focuses the form's first control, in document order, whose field has a message (nested names included). */
function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors): void {
  for (const control of Array.from(form?.elements ?? [])) {
    const name = (control as HTMLInputElement).name;
    if (name && get(errors, name) !== undefined && control instanceof HTMLElement) {
      control.focus();
      return;
    }
  }
}
