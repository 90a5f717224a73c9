import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/root";

/**
 * "Continue with Google": a full-page navigation to the server's /auth/google (specification
 * section 4). Shown only when the server has Google credentials.
 */
export function GoogleButton({ next }: { next: string }) {
  const { t } = useTranslation("accounts");
  const root = useRouteLoaderData<RootData>("root");
  if (!root?.googleSignIn) return null;
  return (
    <>
      <p className="my-5 flex items-center gap-3 text-xs uppercase text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {t("login.or")}
        <span className="h-px flex-1 bg-slate-200" />
      </p>
      {/* A plain link, not a router Link: the browser must leave the app for Google. */}
      <a
        href={`/auth/google?next=${encodeURIComponent(next)}`}
        className="flex w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
      >
        <svg aria-hidden="true" viewBox="0 0 48 48" className="h-5 w-5">
          <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.8 6.1C12.4 13.6 17.7 9.5 24 9.5z" />
          <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.5 5.8c4.4-4 7.1-10 7.1-17.5z" />
          <path fill="#FBBC05" d="M10.5 28.7A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.2.8-4.7l-7.8-6.1A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.8l7.9-6.1z" />
          <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.9 6.1C6.5 42.6 14.6 48 24 48z" />
        </svg>
        {t("login.google")}
      </a>
    </>
  );
}
