import { useTranslation } from "react-i18next";
import { useServedState } from "~/lib/forms/served-state";
import { BackArrow } from "~/ui/Bidi";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { VIDEO_ACCEPT } from "./photo-urls";
import { IMAGE_ACCEPT } from "~/features/media/upload-client";
import type { Route } from "./+types/account-portfolio.route";
import { ProjectFields } from "./ProjectFields";
import { PORTFOLIO_FORMS } from "./portfolio-forms";
import { familyPortfolioAction, familyPortfolioData } from "./portfolio-pages.server";

export const loader = ({ request, context }: Route.LoaderArgs) => familyPortfolioData(context, request);
/** The form posts here (multipart) with or without JavaScript: the page ships none (decision 125's account pages). */
export const action = familyPortfolioAction;
export const handle = { hydrate: false, staticWhenSignedIn: true };

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

/**
 * /account/portfolio (and /ar/...): a family adds one of its children's projects (decision 135),
 * only while staff allow it (the setting `familyPortfolioUploads`); otherwise the page says so.
 */
export default function AccountPortfolioPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("portfolio");
  const { allowed, children, tooLargeMb } = loaderData;
  const served = useServedState(PORTFOLIO_FORMS.family);
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-5 px-4 py-10">
      <PageMeta title={t("family.title")} description={t("family.description")} />
      <meta name="robots" content="noindex" />
      <p>
        <LocalLink to="/account" className="font-medium text-indigo-700 underline">
          <BackArrow /> {t("family.back")}
        </LocalLink>
      </p>
      <h1 className="text-3xl font-extrabold text-slate-900">{t("family.heading")}</h1>
      {!allowed ? (
        <p className="rounded-lg border border-slate-300 bg-slate-50 p-3 text-slate-900">{t("family.off")}</p>
      ) : children.length === 0 ? (
        <p className="text-slate-700">{t("family.none")}</p>
      ) : (
        <form
          method="post"
          encType="multipart/form-data"
          id={PORTFOLIO_FORMS.family}
          className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          aria-labelledby="family-project-intro"
        >
          <input type="hidden" name="form" value={PORTFOLIO_FORMS.family} />
          <p id="family-project-intro" className="text-slate-700">
            {t("family.intro")}
          </p>
          {tooLargeMb !== null ? <FormAlert message={t("roster.tooLarge", { mb: tooLargeMb })} /> : null}
          <FormAlert message={served && Object.keys(served.errors).length === 0 ? served.message : undefined} />
          <Field label={t("roster.child")} error={served?.errors.enrolmentId}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                name="enrolmentId"
                required
                defaultValue={served?.values.enrolmentId ?? String(children[0]!.enrolmentId)}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                className={inputClass}
              >
                {children.map((child) => (
                  <option key={child.enrolmentId} value={child.enrolmentId}>
                    {child.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <ProjectFields served={served} />
          <Field label={t("roster.photo")} hint={t("roster.photoHint")} error={served?.errors.file}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="file"
                name="file"
                accept={`${IMAGE_ACCEPT},${VIDEO_ACCEPT}`}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                className="block w-full text-sm"
              />
            )}
          </Field>
          <button type="submit" className="min-h-11 rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700">
            {t("roster.add")}
          </button>
        </form>
      )}
    </main>
  );
}
