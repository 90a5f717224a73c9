import { useContext, useSyncExternalStore, useState, useEffect } from "react";
import { useForm, get } from "react-hook-form";
import { u as useLang } from "./use-lang-BxLAK5uO.js";
import { UNSAFE_DataRouterStateContext } from "react-router";
function isFormState(value, form) {
  return typeof value === "object" && value !== null && value.form === form;
}
function useServedState(id) {
  const actionData = useContext(UNSAFE_DataRouterStateContext)?.actionData ?? {};
  return Object.values(actionData).find((value) => isFormState(value, id));
}
function servedRefusal(served, refusalText) {
  if (!served || Object.keys(served.errors).length > 0 || !served.message) return void 0;
  return refusalText?.({ message: served.message }, void 0) || served.message;
}
let wanted = false;
const listeners = /* @__PURE__ */ new Set();
function show(kind, message, options) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import("./Toasts-CfWaSyhR.js").then(({ toast: toast2 }) => toast2[kind](message, options));
}
const toast = {
  success: (message, options) => show("success", message, options),
  error: (message, options) => show("error", message, options)
};
const subscribe = (listener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function useToastsWanted() {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false
  );
}
async function apiRequest(method, path, options = {}) {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    signal: options.signal,
    headers: {
      Accept: "application/json",
      ...options.lang ? { "Accept-Language": options.lang } : {},
      ...options.body !== void 0 ? { "Content-Type": "application/json" } : {}
    },
    body: options.body !== void 0 ? JSON.stringify(options.body) : void 0
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  return { ok: response.ok, status: response.status, statusText: response.statusText, data };
}
function useApiForm(options) {
  const lang = useLang();
  const served = useServedState(options.id);
  const [validation] = useState(() => lazyResolver(options.schema, () => toast.error(options.messages.network)));
  useEffect(() => validation.follow(options.schema));
  const methods = useForm({ resolver: validation.resolver, defaultValues: options.defaults });
  const [refusal, setRefusal] = useState(() => servedRefusal(served, options.refusalText));
  const { errors, isSubmitting, submitCount } = methods.formState;
  const [changedHere, setChangedSinceServed] = useState(() => /* @__PURE__ */ new Set());
  const changedSinceServed = /* @__PURE__ */ new Set([...changedHere, ...options.changedBeforeLoad ?? []]);
  const onSubmit = methods.handleSubmit(async (values) => {
    setRefusal(void 0);
    let answer;
    try {
      const request = await options.request(values, methods.getValues());
      if (!request) return;
      const { method = "POST", path, body = values } = request;
      answer = await apiRequest(method, path, { body, lang });
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
      methods.setError(name, { type: "server", message }, { shouldFocus: first });
      first = false;
    }
    const refusalText = options.refusalText ? options.refusalText(data, answer.status) : data.message ?? options.messages.failed;
    if (refusalText !== false) toast.error(refusalText);
    options.onRefusal?.(data, answer.status);
  }, options.onInvalid);
  return {
    methods,
    formProps: {
      method: "post",
      noValidate: true,
      onSubmit: (event) => void onSubmit(event),
      // Focus bubbles from every control: the validation code loads while the visitor types.
      onFocus: () => void validation.load().catch(() => void 0)
    },
    field: (name) => {
      const registered = methods.register(name);
      const servedError = served?.errors[name];
      return {
        ...registered,
        defaultValue: served?.values[name] ?? options.initial?.[name],
        onChange: async (event) => {
          await registered.onChange(event);
          if (servedError === void 0 || changedSinceServed.has(name)) return;
          setChangedSinceServed((names) => new Set(names).add(name));
          await methods.trigger(name);
        }
      };
    },
    servedValue: (name) => served?.values[name],
    // The server's message from a post without JavaScript holds until its field changes or the
    // form is sent again. get(): nested names ("address.en", "faqs.0.answerAr") live in nested error objects.
    error: (name) => get(errors, name)?.message ?? (submitCount === 0 && !changedSinceServed.has(name) ? served?.errors[name] : void 0),
    refusal,
    pending: isSubmitting
  };
}
function lazyResolver(initial, onLoadFailure) {
  let current = initial;
  let imported;
  let resolvers;
  const load = async () => {
    const schema = current;
    const loadedSchema = typeof schema === "function" ? imported ??= schema() : schema;
    resolvers ??= loadResolvers();
    try {
      const [{ zodResolver }, checked] = await Promise.all([resolvers, loadedSchema]);
      return zodResolver(checked);
    } catch (error) {
      imported = void 0;
      resolvers = void 0;
      throw error;
    }
  };
  const resolver = async (values, context, resolverOptions) => {
    let check;
    try {
      check = await load();
    } catch {
      onLoadFailure();
      return { values: {}, errors: { root: { type: "load" } } };
    }
    return check(values, context, resolverOptions);
  };
  const follow = (schema) => {
    current = schema;
  };
  return { load, resolver, follow };
}
const loadResolvers = () => import("@hookform/resolvers/zod");
export {
  apiRequest as a,
  useToastsWanted as b,
  useApiForm as c,
  isFormState as i,
  servedRefusal as s,
  toast as t,
  useServedState as u
};
