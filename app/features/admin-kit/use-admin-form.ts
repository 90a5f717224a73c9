import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import type { DefaultValues, FieldValues } from "react-hook-form";
import type { z } from "zod";
import { useApiForm, type ApiFormOptions } from "~/lib/forms/use-api-form";
import { toast } from "~/ui/toast";

interface AdminFormOptions<S extends z.ZodType<FieldValues, FieldValues>> {
  id: string;
  schema: S;
  /** The record as loaded: the form edits it in place. */
  defaults: DefaultValues<z.input<S>>;
  /** Values also rendered into the HTML (a form opened pre-filled from a link, before hydration). */
  initial?: ApiFormOptions<S>["initial"];
  request: ApiFormOptions<S>["request"];
  /** The page's own success text ("Settings saved."); the server's message when absent. */
  saved?: string;
  /** Failure texts of another namespace (the admin area's own when absent). */
  messages?: { failed: string; network: string };
}

/**
 * A staff screen's form that edits a loaded record in place (settings, a camp, a submission's
 * follow-up, an account's role, the slots screen's forms): useApiForm with the admin texts, then
 * the page data is reloaded.
 */
export function useAdminForm<S extends z.ZodType<FieldValues, FieldValues>>({ id, schema, defaults, initial, request, saved, messages }: AdminFormOptions<S>) {
  const { t } = useTranslation("admin");
  const revalidator = useRevalidator();
  const form = useApiForm({
    id,
    schema,
    defaults,
    initial,
    request,
    messages: messages ?? { failed: t("form.saveFailed"), network: t("form.network") },
    successToast: saved ? false : undefined,
    onSuccess: async () => {
      if (saved) toast.success(saved);
      await revalidator.revalidate();
    },
    // A change the server refused as a whole (409: the last staff account, one's own role) must
    // not stay on screen as if saved: the controls go back to the stored record. A refusal naming
    // fields keeps the values, so they can be corrected.
    onRefusal: (answer) => {
      if (answer.errors && Object.keys(answer.errors).length > 0) return;
      form.methods.reset(defaults);
      void revalidator.revalidate();
    },
  });
  return form;
}
