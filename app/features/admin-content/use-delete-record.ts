import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { toast } from "~/ui/toast";
import { DISCARD_EDITS } from "./UnsavedChangesGuard";

/**
 * Deleting an editor's record: DELETE `/api/admin/{collection}/{id}` (with `?confirm=1` once staff
 * confirmed what else it touches), then back to the list. A refusal reloads the page data, so a
 * count that changed meanwhile is asked about again.
 */
export function useDeleteRecord(collection: string, id: number | null, confirmed = false) {
  const { t } = useTranslation("admin-content");
  const lang = useLang();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return async () => {
    if (!id) return;
    try {
      const result = await apiRequest<{ message?: string }>("DELETE", `/api/admin/${collection}/${id}${confirmed ? "?confirm=1" : ""}`, { lang });
      if (!result.ok) {
        toast.error(result.data?.message ?? t("form.deleteFailed"));
        void revalidator.revalidate();
        return;
      }
      toast.success(result.data?.message ?? t("form.deleted"));
      // The record is gone: its unsaved edits go with it, without asking.
      await navigate(localizePath(`/admin/${collection}`, lang), { state: { [DISCARD_EDITS]: true } });
    } catch {
      toast.error(t("form.network"));
    }
  };
}
