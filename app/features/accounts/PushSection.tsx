import { useTranslation } from "react-i18next";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { PUSH_FORM } from "~/features/push/forms";
import { AccountSection, accountButtonClass } from "./AccountSection";

interface PushChoices {
  categories: { category: string; on: boolean }[];
  browsers: number;
}

const box = "mt-1 h-5 w-5 shrink-0 rounded border-slate-400 text-indigo-600 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600";

/**
 * The notifications on /account (issue 45, decision 131): which kinds of event may reach the
 * guardian's phones, a plain form that posts without JavaScript; and, with the enhancement script,
 * a button that asks this browser's permission and subscribes it (app/enhance/push-subscribe.ts),
 * hidden until the script has checked the browser can.
 */
export function PushSection({ push }: { push: PushChoices }) {
  const { t } = useTranslation("push");
  const lang = useLang();
  return (
    <AccountSection id="notifications" title={t("account.title")}>
      <p className="mt-2 text-slate-700">{t("account.intro")}</p>
      <div
        data-push-device=""
        data-enabled-text={t("account.enabled")}
        data-blocked-text={t("account.blocked")}
        data-unsupported-text={t("account.unsupported")}
        className="mt-4"
      >
        <button type="button" hidden className={accountButtonClass}>
          {t("account.enable")}
        </button>
        <p role="status" className="mt-2 text-sm text-slate-700" />
      </div>
      <p className="mt-3 text-sm text-slate-600">{t("account.browsers", { count: push.browsers })}</p>
      <form method="post" action={localizePath("/account", lang)} className="mt-4">
        <input type="hidden" name="form" value={PUSH_FORM} />
        <fieldset>
          <legend className="font-semibold text-slate-900">{t("account.legend")}</legend>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {push.categories.map(({ category, on }) => (
              <label key={category} className="flex items-start gap-3 text-slate-800">
                <input type="checkbox" name={category} defaultChecked={on} className={box} />
                <span>{t(`categories.${category}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className={`${accountButtonClass} mt-4`}>
          {t("account.save")}
        </button>
      </form>
    </AccountSection>
  );
}
