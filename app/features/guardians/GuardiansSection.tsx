import { useTranslation } from "react-i18next";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { LtrValue } from "~/ui/Bidi";
import type { FormState } from "~/lib/forms/form-state";
import { useServedState } from "~/lib/forms/served-state";
import { GUARDIAN_ROLES } from "~/features/family/family-parts";
import type { GuardianEntry } from "./guardians.server";
import { GUARDIAN_FORMS } from "./forms";

const sectionClass = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6";
const buttonClass =
  "rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";
const removeClass =
  "rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700";

/**
 * The family's guardians on /account (issue 45 item 3, decision 139): the list (primary and full
 * parents), and for the primary guardian the invitation form and "Remove" on each; plain forms
 * that post to /account without JavaScript.
 */
export function GuardiansSection({ list, manages }: { list: GuardianEntry[]; manages: boolean }) {
  const { t } = useTranslation("guardians");
  const lang = useLang();
  const invite = useServedState(GUARDIAN_FORMS.invite);
  const removal = useServedState(GUARDIAN_FORMS.remove);
  return (
    <section id="guardians" aria-labelledby="guardians-heading" className={sectionClass}>
      <h2 id="guardians-heading" className="text-xl font-bold text-slate-900">
        {t("section.heading")}
      </h2>
      {manages ? <p className="mt-2 text-slate-700">{t("section.intro")}</p> : null}
      <h3 className="mt-4 font-semibold text-slate-900">{t("section.listHeading")}</h3>
      <FormAlert message={removal?.message} />
      {list.length === 0 ? (
        <p className="mt-2 text-slate-700">{t("section.empty")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {list.map((guardian) => (
            <li key={guardian.ref} className="flex flex-wrap items-center justify-between gap-3 py-3" data-guardian={guardian.status}>
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">
                  {guardian.name ?? <LtrValue>{guardian.email}</LtrValue>} · {t(`roles.${guardian.role}`)}
                </p>
                <p className="text-sm break-words text-slate-600">
                  {guardian.name ? (
                    <>
                      <LtrValue>{guardian.email}</LtrValue> ·{" "}
                    </>
                  ) : null}
                  {guardian.status === "joined" ? t("section.joined") : t("section.pending")}
                </p>
              </div>
              {manages ? (
                <form method="post" action={localizePath("/account", lang)}>
                  <input type="hidden" name="form" value={GUARDIAN_FORMS.remove} />
                  <input type="hidden" name="ref" value={guardian.ref} />
                  <button type="submit" className={removeClass} aria-label={t("section.removeLabel", { name: guardian.name ?? guardian.email })}>
                    {t("section.remove")}
                  </button>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {manages ? <InviteForm state={invite} /> : <p className="mt-3 text-sm text-slate-600">{t("section.primaryOnly")}</p>}
    </section>
  );
}

function InviteForm({ state }: { state: FormState | undefined }) {
  const { t } = useTranslation("guardians");
  const lang = useLang();
  const errors = state?.errors ?? {};
  return (
    <form method="post" action={localizePath("/account", lang)} id={GUARDIAN_FORMS.invite} className="mt-5 space-y-4 border-t border-slate-200 pt-4">
      <input type="hidden" name="form" value={GUARDIAN_FORMS.invite} />
      <FormAlert message={state && !errors.email ? state.message : undefined} />
      <Field label={t("section.email")} error={errors.email} className="max-w-md">
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            name="email"
            type="email"
            autoComplete="off"
            required
            maxLength={254}
            defaultValue={state?.values.email ?? ""}
            className={inputClass}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-800">{t("section.role")}</legend>
        <div className="space-y-2">
          {GUARDIAN_ROLES.map((role) => (
            <label key={role} className="flex items-start gap-3 text-slate-800">
              <input
                type="radio"
                name="role"
                value={role}
                required
                defaultChecked={(state?.values.role ?? "parent") === role}
                className="mt-1 h-5 w-5 shrink-0"
              />
              <span>
                <span className="font-medium">{t(`roles.${role}`)}</span>
                <span className="block text-sm text-slate-600">{t(`roleHelp.${role}`)}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.role ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {t(errors.role, { ns: "validation", defaultValue: errors.role })}
          </p>
        ) : null}
      </fieldset>
      <Field label={t("section.language")} className="max-w-md">
        {({ id }) => (
          <select id={id} name="language" defaultValue={state?.values.language ?? "both"} className={inputClass}>
            {(["both", "en", "ar"] as const).map((language) => (
              <option key={language} value={language}>
                {t(`section.languages.${language}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit" className={buttonClass}>
        {t("section.submit")}
      </button>
    </form>
  );
}
