import type { InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";

type Choice = "messagingWhatsapp" | "messagingSms";

/**
 * The WhatsApp / SMS opt-in on the demo booking and enrolment forms (decision 132): two plain
 * checkboxes (a ticked one posts "on" without JavaScript) beside the words stored as the consent
 * (messaging's `choices.*`, the same words as /account/messages). Optional; e-mail stays as it is.
 */
export function ChannelOptIn({
  checked,
  register,
}: {
  checked: (name: Choice) => boolean;
  register?: (name: Choice) => InputHTMLAttributes<HTMLInputElement>;
}) {
  const { t } = useTranslation("messaging");
  const boxes = [
    ["messagingWhatsapp", "whatsapp"],
    ["messagingSms", "sms"],
  ] as const;
  return (
    <fieldset className="mt-4 rounded-lg border border-slate-200 p-3 sm:col-span-2">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t("optIn.legend")}</legend>
      <p className="text-sm text-slate-700">{t("optIn.hint")}</p>
      {boxes.map(([name, choice]) => (
        <label key={name} className="mt-2 flex items-start gap-2 text-sm text-slate-900">
          <input type="checkbox" name={name} className="mt-1 h-4 w-4 shrink-0" defaultChecked={checked(name)} {...register?.(name)} />
          <span>{t(`choices.${choice}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
