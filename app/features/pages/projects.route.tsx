import { useTranslation } from "react-i18next";
import { PageMeta } from "~/ui/PageMeta";
import { langFromPath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { pageTexts } from "~/features/site/page-sections.server";
import { pageText } from "~/features/site/page-text";
import type { Route } from "./+types/projects.route";

export async function loader({ request, context }: Route.LoaderArgs) {
  return { texts: await pageTexts(context.db, ["projects"], langFromPath(new URL(request.url).pathname)) };
}

/** Works without script: ships without React's runtime, only the enhancement script (decision 055). */
export const handle = { hydrate: false };

/** The one page the specification defines as a coming-soon image. */
export default function Projects({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const page = pageText(loaderData.texts, useLang());
  return (
    <main id="main" className="mx-auto flex max-w-4xl flex-col items-center px-4 py-16">
      <PageMeta title={t("projects.metaTitle")} description={t("projects.metaDescription")} />
      <h1 className="sr-only" {...page.attrs("page.title")}>
        {page.text("page.title")}
      </h1>
      <img
        src="/images/pages/coming-soon.svg"
        alt={page.text("page.imageAlt")}
        {...page.attrs("page.imageAlt")}
        width={800}
        height={560}
        className="w-full max-w-3xl"
      />
    </main>
  );
}
