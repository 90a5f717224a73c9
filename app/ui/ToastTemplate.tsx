import { useTranslation } from "react-i18next";

/**
 * The markup of a toast on a page without React (decision 055): the enhancement script
 * (app/enhance/toast.ts) clones it, so the texts are translated by the server and the classes are
 * Tailwind's. Toast settings of the specification, section 9: top right, 5 s, paused on hover.
 */
export function ToastTemplate() {
  const { t } = useTranslation();
  return (
    <template id="toast-template">
      <section aria-label={t("toasts.label")} className="fixed top-4 right-4 z-[60] flex w-[min(22rem,calc(100vw-2rem))] flex-col gap-2">
        <div
          role="alert"
          data-toast=""
          className="flex items-start gap-3 rounded-lg border-s-4 border-green-700 bg-white p-4 text-sm font-medium text-slate-900 shadow-lg ring-1 ring-slate-200 data-[kind=error]:border-red-700"
        >
          <p data-toast-text="" className="flex-1" />
          <button type="button" aria-label={t("toasts.close")} className="rounded p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900">
            <svg aria-hidden="true" viewBox="0 0 14 16" width="14" height="16" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M2 3l10 10M12 3L2 13" />
            </svg>
          </button>
        </div>
      </section>
    </template>
  );
}
