import { useTranslation } from "react-i18next";
import { LocalLink } from "./LocalLink";

/** The 404 page of the specification. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto flex max-w-3xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-extrabold text-indigo-600">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{t("notFound.title")}</h1>
      <LocalLink to="/" className="mt-8 rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700">
        {t("notFound.home")}
      </LocalLink>
    </main>
  );
}
