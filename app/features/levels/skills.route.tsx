import { useTranslation } from "react-i18next";
import { useServedState } from "~/lib/forms/served-state";
import { FormAlert } from "~/ui/FormAlert";
import { AdminRouteError } from "~/features/admin-kit/AdminError";
import { TaughtGroupHeader } from "~/features/teaching/TaughtGroupHeader";
import type { Route } from "./+types/skills.route";
import { SKILL_STATUSES } from "./levels.schema";
import { SKILL_FORM, skillField } from "./skill-forms";
import { skillsPageAction } from "./skills-page.action.server";
import { skillsPageData, type SkillsPageData } from "./skills-page.server";

export const loader = ({ request, context, params }: Route.LoaderArgs) => skillsPageData(context, request, params.id);
/** The form of marks posts here without JavaScript (the teaching pages ship none). */
export const action = skillsPageAction;

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}

const tone: Record<(typeof SKILL_STATUSES)[number], string> = {
  not_started: "has-[:checked]:border-slate-700 has-[:checked]:bg-slate-100",
  working: "has-[:checked]:border-amber-700 has-[:checked]:bg-amber-50",
  achieved: "has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50",
};

/**
 * /teaching/sections/:id/skills (and /ar/...): the group's roster with each child's current level
 * and its skills, three choices per skill, one form and one submit (decision 130), phone first.
 */
export default function SkillsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("levels");
  const { section, hasLadder, children } = loaderData;
  const served = useServedState(SKILL_FORM);
  const markable = children.filter((child) => child.current && !child.allDone && child.current.skills.length > 0);
  return (
    <div className="space-y-5">
      <TaughtGroupHeader
        title={`${section.course} · ${t("roster.title")}`}
        description={t("roster.description")}
        back={t("roster.back")}
        heading={t("roster.heading", { course: section.course })}
      >
        <p className="mt-1 text-slate-800">{t("roster.intro")}</p>
      </TaughtGroupHeader>
      {!hasLadder ? (
        <p className="rounded-lg border border-slate-300 bg-slate-50 p-3 text-slate-900">{t("roster.noLadder")}</p>
      ) : children.length === 0 ? (
        <p className="text-slate-700">{t("roster.none")}</p>
      ) : (
        <form method="post" id={SKILL_FORM} className="space-y-3">
          <input type="hidden" name="form" value={SKILL_FORM} />
          <FormAlert message={served?.message} />
          <ul className="space-y-3">
            {children.map((child) => (
              <ChildSkills key={child.enrolmentId} child={child} served={served?.values} />
            ))}
          </ul>
          {markable.length > 0 ? (
            <button
              type="submit"
              className="sticky bottom-2 min-h-12 w-full rounded-lg bg-indigo-700 px-4 py-3 text-lg font-semibold text-white shadow-lg hover:bg-indigo-800"
            >
              {t("roster.save")}
            </button>
          ) : null}
        </form>
      )}
    </div>
  );
}

function ChildSkills({ child, served }: { child: SkillsPageData["children"][number]; served?: Record<string, string> }) {
  const { t } = useTranslation("levels");
  const id = child.enrolmentId;
  return (
    <li className="rounded-xl border border-slate-300 bg-white p-3" data-child={child.name}>
      <h2 id={`child-${id}`} className="text-lg font-semibold text-slate-900">
        {child.name}
      </h2>
      {child.completed.length > 0 ? <p className="text-sm text-slate-700">{t("roster.completed", { levels: child.completed.join("، ") })}</p> : null}
      {child.allDone ? (
        <p className="mt-1 font-medium text-emerald-900">{t("roster.allDone")}</p>
      ) : child.current ? (
        <>
          <p className="mt-1 font-medium text-slate-900">{t("roster.level", { level: child.current.name })}</p>
          <div className="mt-2 space-y-3">
            {child.current.skills.map((skill) => {
              const name = skillField(id, skill.id);
              const chosen = served?.[name] ?? skill.status;
              return (
                <fieldset key={skill.id}>
                  <legend className="text-slate-900">
                    {skill.name}
                    <span className="sr-only"> · {t("roster.for", { name: child.name })}</span>
                  </legend>
                  <div className="mt-1 grid grid-cols-3 gap-2">
                    {SKILL_STATUSES.map((status) => (
                      <label
                        key={status}
                        className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-2 py-2 text-sm font-medium text-slate-900 ${tone[status]}`}
                      >
                        <input type="radio" name={name} value={status} defaultChecked={chosen === status} className="size-5 shrink-0 accent-indigo-700" />
                        {t(`status.${status}`)}
                      </label>
                    ))}
                  </div>
                </fieldset>
              );
            })}
          </div>
        </>
      ) : null}
    </li>
  );
}
