import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import type { FieldErrors, FieldValues, UseFormRegister } from "react-hook-form";
import type { DefaultValues } from "react-hook-form";
import type { z } from "zod";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { useApiForm } from "~/lib/forms/use-api-form";
import { slugify } from "./slug";
import { DISCARD_EDITS } from "./UnsavedChangesGuard";

interface RecordFormOptions<S extends z.ZodType<FieldValues, FieldValues>> {
  /** The collection's URL segment: `/api/admin/{collection}` and `/admin/{collection}`. */
  collection: string;
  /** The record being edited; null for a new one. */
  id: number | null;
  schema: S;
  defaults: DefaultValues<z.input<S>>;
  /** Text values also rendered into the HTML, for an editor whose form also posts without JavaScript (its page has an action). */
  initial?: Partial<Record<string, string>>;
  /** Send the values as typed instead of as parsed (the server's schema parses them again). */
  sendInput?: boolean;
  onInvalid?: (errors: FieldErrors<z.input<S>>) => void;
}

/**
 * An admin editor's form on top of useApiForm: POST when new, then open the new record's edit
 * page; PUT when it exists, then reload the page data. Server field messages land on the fields.
 */
export function useRecordForm<S extends z.ZodType<FieldValues, FieldValues>>({
  collection,
  id,
  schema,
  defaults,
  initial,
  sendInput,
  onInvalid,
}: RecordFormOptions<S>) {
  const { t } = useTranslation("admin-content");
  const lang = useLang();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const form = useApiForm({
    id: `${collection}-editor`,
    schema,
    defaults,
    initial: initial as never,
    onInvalid,
    messages: { failed: t("form.saveFailed"), network: t("form.network") },
    request: (values, input) =>
      id
        ? { method: "PUT", path: `/api/admin/${collection}/${id}`, body: sendInput ? input : values }
        : { method: "POST", path: `/api/admin/${collection}`, body: sendInput ? input : values },
    onSuccess: async (answer) => {
      // What was sent is now saved: the form is clean again, so leaving no longer asks.
      form.methods.reset(form.methods.getValues());
      // The new record's edit page; the guard has not seen the reset yet, so the move says it may leave.
      if (!id && typeof answer.id === "number")
        await navigate(localizePath(`/admin/${collection}/edit/${answer.id}`, lang), { state: { [DISCARD_EDITS]: true } });
      else await revalidator.revalidate();
    },
  });
  return form;
}

/**
 * A new record's slug follows its name until staff edit the slug themselves: register the slug
 * with `slug` and each name field with `source`, English first. The first name that gives a slug
 * wins, so an Arabic-only post takes its address from its Arabic title.
 */
export function useFollowingSlug(
  methods: { register: UseFormRegister<FieldValues>; setValue: (name: "slug", value: string) => void; getValues: (name: string) => unknown },
  isNew: boolean,
  sources: readonly string[],
) {
  const [edited, setEdited] = useState(!isNew);
  const follow = () => {
    if (edited) return;
    const slugs = sources.map((name) => slugify(String(methods.getValues(name) ?? "")));
    methods.setValue("slug", slugs.find(Boolean) ?? "");
  };
  return {
    slug: methods.register("slug", { onChange: () => setEdited(true) }),
    source: (name: string) => methods.register(name, { onChange: follow }),
  };
}
