import { useTranslation } from "react-i18next";
import type { FamilyLevels } from "~/features/levels/family-levels.server";
import { AccountSection } from "./AccountSection";

const stateTone = { done: "border-emerald-300 bg-emerald-50", now: "border-indigo-300 bg-indigo-50", later: "border-slate-200 bg-white" } as const;
const statusTone = { achieved: "text-emerald-900", working: "text-amber-900", not_started: "text-slate-700" } as const;

/** /account's levels and skills (issue 44, decision 130): each child's ladder on a course, read-only. */
export function LevelsSection({ levels }: { levels: FamilyLevels }) {
  const { t } = useTranslation("levels");
  const stateText = { done: "account.levelDone", now: "account.levelNow", later: "account.levelLater" } as const;
  return (
    <AccountSection id="levels" title={t("account.heading")}>
      <p className="mt-2 text-slate-700">{t("account.intro")}</p>
      <ul className="mt-3 space-y-4">
        {levels.map((entry) => (
          <li key={entry.key}>
            <h3 className="font-semibold text-slate-900">{t("account.child", { child: entry.child, course: entry.course })}</h3>
            <ol className="mt-2 space-y-2">
              {entry.levels.map((level) => (
                <li key={level.id} className={`rounded-lg border p-3 ${stateTone[level.state]}`}>
                  <p className="font-medium text-slate-900">{t(stateText[level.state], { level: level.name })}</p>
                  {level.skills.length > 0 ? (
                    <ul className="mt-1 space-y-0.5 text-sm">
                      {level.skills.map((skill) => (
                        <li key={skill.id} className={statusTone[skill.status]}>
                          {skill.name}: <strong>{t(`status.${skill.status}`)}</strong>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
    </AccountSection>
  );
}
