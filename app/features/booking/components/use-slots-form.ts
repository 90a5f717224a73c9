import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useAdminForm } from "~/features/admin-kit/use-admin-form";
import type { SlotFormValues } from "~/features/booking/admin-slots-forms";

/** A form of the slots screen: the server's message, then the page's data is reloaded. */
export function useSlotsForm(
  id: string,
  schema: z.ZodType<SlotFormValues, SlotFormValues>,
  method: "POST" | "PATCH",
  path: string,
  defaults: SlotFormValues,
  initial?: Record<string, string>,
) {
  const { t } = useTranslation("booking");
  const failed = t("admin.failed");
  return useAdminForm({ id, schema, defaults, initial, request: (values) => ({ method, path, body: values }), messages: { failed, network: failed } });
}
