import type { FieldValues, UseFormSetError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import { toast } from "~/ui/toast";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { applyServerErrors, type SaveAnswer } from "./form-errors";

/**
 * Saving an editor's record through /api/admin/{collection}: POST when new (then open its edit
 * page), PUT when it exists (then reload the page data); server field errors land on the form.
 */
export function useSaveRecord(collection: "blogs" | "courses" | "products", id: number | null) {
  const { t } = useTranslation("admin-content");
  const lang = useLang();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return async <T extends FieldValues>(values: unknown, setError: UseFormSetError<T>) => {
    try {
      const result = await apiRequest<SaveAnswer>(id ? "PUT" : "POST", id ? `/api/admin/${collection}/${id}` : `/api/admin/${collection}`, { body: values, lang });
      if (!result.ok) {
        applyServerErrors(result.data, setError);
        toast.error(result.data?.message ?? t("form.saveFailed"));
        return;
      }
      toast.success(result.data?.message ?? t("form.saved"));
      if (!id && result.data?.id) navigate(localizePath(`/admin/${collection}/edit/${result.data.id}`, lang));
      else void revalidator.revalidate();
    } catch {
      toast.error(t("form.network"));
    }
  };
}
