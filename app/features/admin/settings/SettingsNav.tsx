import { useTranslation } from "react-i18next";
import { LocalLink } from "~/ui/LocalLink";
import { SETTINGS_GROUP_NAMES, type SettingsGroup } from "./settings-groups";

/**
 * The settings pages (issue 42 step 9): on /admin/settings each with its one-line description, on
 * a page of them as a short list of the others, so staff move between pages without going back.
 */
export function SettingsNav({ current }: { current?: SettingsGroup }) {
  const { t } = useTranslation("admin");
  if (!current) {
    return (
      <nav aria-label={t("settings.pagesNav")}>
        <ul className="grid gap-3 sm:grid-cols-2">
          {SETTINGS_GROUP_NAMES.map((group) => (
            <li key={group}>
              <LocalLink
                to={`/admin/settings/${group}`}
                aria-describedby={`settings-${group}-description`}
                className="block h-full rounded-lg border border-slate-200 bg-white p-4 hover:border-indigo-400 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
              >
                <span className="block font-semibold text-indigo-700">{t(`settings.groups.${group}.title`)}</span>
                <span id={`settings-${group}-description`} className="mt-1 block text-sm text-slate-700">
                  {t(`settings.groups.${group}.description`)}
                </span>
              </LocalLink>
            </li>
          ))}
        </ul>
      </nav>
    );
  }
  return (
    <nav aria-label={t("settings.pagesNav")} className="border-t border-slate-200 pt-4">
      <h2 className="mb-2 text-sm font-semibold text-slate-700">{t("settings.pagesNav")}</h2>
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {SETTINGS_GROUP_NAMES.map((group) => (
          <li key={group}>
            <LocalLink
              to={`/admin/settings/${group}`}
              aria-current={group === current ? "page" : undefined}
              className="font-semibold text-indigo-700 hover:underline aria-[current=page]:text-slate-900 aria-[current=page]:no-underline"
            >
              {t(`settings.groups.${group}.title`)}
            </LocalLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
