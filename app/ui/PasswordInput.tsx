import { useState, type ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/use-hydrated";
import { useStaticPage } from "~/root";

/**
 * A password field with a "Show password" toggle (aria-pressed). The toggle appears once scripts
 * run; before that, and without JavaScript, it is a plain password field. On a page without React
 * (/account, decision 125) the button is a template the enhancement script shows and runs.
 */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  const { t } = useTranslation("common");
  const hydrated = useHydrated();
  const staticPage = useStaticPage();
  const [shown, setShown] = useState(false);
  const toggle = (
    <button
      type="button"
      aria-pressed={shown}
      aria-controls={props.id}
      onClick={() => setShown((value) => !value)}
      data-password-toggle=""
      className="absolute inset-y-0 end-0 my-1 me-1 rounded-md px-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
    >
      {/* The label keeps its own direction; the button keeps the box's, so "end" is the padded side. */}
      <span dir="auto">{t("showPassword")}</span>
    </button>
  );
  return (
    // The box takes the field's direction (passwords are typed left to right), so the button sits
    // on the side the padding keeps free.
    <div className="relative" dir={props.dir}>
      <input {...props} type={shown ? "text" : "password"} className={`${className ?? ""} pe-24`} />
      {hydrated ? toggle : staticPage ? <template data-password-toggle="">{toggle}</template> : null}
    </div>
  );
}
