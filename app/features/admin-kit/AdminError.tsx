import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";

/**
 * Error state of an admin page, shown inside the admin layout (the sidebar stays). Admin routes
 * export it: `export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";`
 */
export function AdminRouteError() {
  const error = useRouteError();
  const { t } = useTranslation("admin");
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = status === 404 ? t("error.notFound") : status === 403 ? t("error.forbidden") : t("error.body");
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6">
      <h1 className="text-xl font-bold text-red-800">{t("error.title")}</h1>
      <p className="mt-2 text-red-800">{message}</p>
      <a href={location.pathname + location.search} className="mt-4 inline-block font-semibold text-red-900 underline">
        {t("error.retry")}
      </a>
    </div>
  );
}
