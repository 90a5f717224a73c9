import { useTranslation } from "react-i18next";
import { useLang } from "~/i18n/use-lang";
import type { FormState } from "~/lib/forms/form-state";
import { useServedState } from "~/lib/forms/served-state";
import { BackArrow } from "~/ui/Bidi";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { AdminRouteError } from "~/features/admin-kit/AdminError";
import type { Route } from "./+types/admin-levels.route";
import { adminLevelsPageAction, adminLevelsPageData, type AdminLevelsPageData } from "./admin-levels-page.server";
import { LADDER_FORMS } from "./skill-forms";

/** Plain forms and links: no React ships to the page (decisions 108, 114); each form posts to this page's action. */
export const handle = { hydrate: false, staticWhenSignedIn: true };
export const loader = ({ request, context, params }: Route.LoaderArgs) => adminLevelsPageData(context, request, params.id);
export const action = adminLevelsPageAction;

export function ErrorBoundary() {
  return <AdminRouteError />;
}

const button = "min-h-11 rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700";
const card = "space-y-3 rounded-2xl border border-slate-200 bg-white p-4";

type Level = AdminLevelsPageData["levels"][number];

/** A text input of a ladder form: the served value after a refusal, else the saved one; Arabic typed right to left. */
function Text({ label, name, value, served, dir }: { label: string; name: string; value: string; served?: FormState; dir?: "rtl" | "ltr" }) {
  return (
    <Field label={label} error={served?.errors[name]}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={name}
          type="text"
          required
          maxLength={200}
          dir={dir}
          defaultValue={served?.values[name] ?? value}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          className={inputClass}
        />
      )}
    </Field>
  );
}

function GroupSelect({ value, served, groups }: { value: number | null; served?: FormState; groups: AdminLevelsPageData["groups"] }) {
  const { t } = useTranslation("levels");
  return (
    <Field label={t("admin.section")} error={served?.errors.sectionId}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          name="sectionId"
          defaultValue={served?.values.sectionId ?? (value === null ? "" : String(value))}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          className={inputClass}
        >
          <option value="">{t("admin.noSection")}</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * /admin/courses/edit/:id/levels: the course's ladder (decision 130). Each level is a form (names,
 * place, the group teaching it now) followed by a form per skill and one to add a skill; a last
 * form adds a level. Names in English and in Arabic, each typed in its own direction.
 */
export default function AdminLevelsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("levels");
  const { course, levels, groups } = loaderData;
  const served = useServedState(LADDER_FORMS.newLevel);
  return (
    <div className="max-w-3xl space-y-6">
      <PageMeta title={`${course.name} · ${t("admin.title")}`} description={t("admin.description")} />
      <p>
        <LocalLink to={`/admin/courses/edit/${course.id}`} className="font-medium text-indigo-800 underline">
          <BackArrow /> {t("admin.back")}
        </LocalLink>
      </p>
      <header>
        <h1 className="text-3xl font-bold text-slate-900">{t("admin.heading", { course: course.name })}</h1>
        <p className="mt-2 text-slate-700">{t("admin.intro")}</p>
      </header>
      {levels.length === 0 ? <p className="text-slate-700">{t("admin.none")}</p> : null}
      {levels.map((level, index) => (
        <LevelCard key={level.id} level={level} place={index + 1} groups={groups} />
      ))}
      <form method="post" id={LADDER_FORMS.newLevel} className={card} aria-labelledby="new-level-heading">
        <input type="hidden" name="form" value={LADDER_FORMS.newLevel} />
        <h2 id="new-level-heading" className="text-xl font-semibold text-slate-900">
          {t("admin.addLevelHeading")}
        </h2>
        <FormAlert message={served && Object.keys(served.errors).length === 0 ? served.message : undefined} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Text label={t("admin.nameEn")} name="nameEn" value="" served={served} dir="ltr" />
          <Text label={t("admin.nameAr")} name="nameAr" value="" served={served} dir="rtl" />
        </div>
        <GroupSelect value={null} served={served} groups={groups} />
        <button type="submit" className={button}>
          {t("admin.addLevel")}
        </button>
      </form>
    </div>
  );
}

function LevelCard({ level, place, groups }: { level: Level; place: number; groups: AdminLevelsPageData["groups"] }) {
  const { t } = useTranslation("levels");
  const lang = useLang();
  const formId = LADDER_FORMS.level(level.id);
  const served = useServedState(formId);
  const newSkillId = LADDER_FORMS.newSkill(level.id);
  const servedSkill = useServedState(newSkillId);
  const headingId = `level-${level.id}-heading`;
  return (
    <section aria-labelledby={headingId} className={card} data-level={level.nameEn}>
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t("admin.levelHeading", { position: place, name: lang === "ar" ? level.nameAr : level.nameEn })}
      </h2>
      <form method="post" id={formId} className="space-y-3" aria-labelledby={headingId}>
        <input type="hidden" name="form" value={formId} />
        <FormAlert message={served && Object.keys(served.errors).length === 0 ? served.message : undefined} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Text label={t("admin.nameEn")} name="nameEn" value={level.nameEn} served={served} dir="ltr" />
          <Text label={t("admin.nameAr")} name="nameAr" value={level.nameAr} served={served} dir="rtl" />
        </div>
        <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
          <Field label={t("admin.position")} error={served?.errors.position}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                name="position"
                type="number"
                min={1}
                max={1000}
                required
                defaultValue={served?.values.position ?? level.position}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                className={inputClass}
              />
            )}
          </Field>
          <GroupSelect value={level.sectionId} served={served} groups={groups} />
        </div>
        <button type="submit" className={button}>
          {t("admin.saveLevel")}
        </button>
      </form>
      <h3 className="pt-2 text-lg font-semibold text-slate-900">{t("admin.skills")}</h3>
      {level.skills.length === 0 ? <p className="text-sm text-slate-700">{t("admin.noSkills")}</p> : null}
      <ol className="space-y-3">
        {level.skills.map((skill) => (
          <SkillForm key={skill.id} skill={skill} />
        ))}
      </ol>
      <form method="post" id={newSkillId} className="space-y-3 rounded-xl border border-dashed border-slate-300 p-3">
        <input type="hidden" name="form" value={newSkillId} />
        <FormAlert message={servedSkill && Object.keys(servedSkill.errors).length === 0 ? servedSkill.message : undefined} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Text label={t("admin.skillEn")} name="nameEn" value="" served={servedSkill} dir="ltr" />
          <Text label={t("admin.skillAr")} name="nameAr" value="" served={servedSkill} dir="rtl" />
        </div>
        <button type="submit" className={button}>
          {t("admin.addSkill")}
        </button>
      </form>
    </section>
  );
}

function SkillForm({ skill }: { skill: Level["skills"][number] }) {
  const { t } = useTranslation("levels");
  const formId = LADDER_FORMS.skill(skill.id);
  const served = useServedState(formId);
  return (
    <li>
      <form method="post" id={formId} className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <input type="hidden" name="form" value={formId} />
        <Text label={t("admin.skillEn")} name="nameEn" value={skill.nameEn} served={served} dir="ltr" />
        <Text label={t("admin.skillAr")} name="nameAr" value={skill.nameAr} served={served} dir="rtl" />
        <button type="submit" className={button}>
          {t("admin.saveSkill")}
        </button>
      </form>
    </li>
  );
}
