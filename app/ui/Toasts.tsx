import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";
import { useLang } from "~/i18n/use-lang";

/** react-toastify's own close button is labelled "close" in English only. */
function CloseButton({ closeToast }: { closeToast: (event: MouseEvent<HTMLElement>) => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="Toastify__close-button Toastify__close-button--light" aria-label={t("toasts.close")} onClick={closeToast}>
      <svg aria-hidden="true" viewBox="0 0 14 16" width="14" height="16" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M2 3l10 10M12 3L2 13" />
      </svg>
    </button>
  );
}

export { toast } from "react-toastify";

/** Toast settings of the specification (section 9). Loaded after hydration (see ./toast.ts). */
export default function Toasts() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <ToastContainer
      aria-label={t("toasts.label")}
      closeButton={CloseButton}
      position="top-right"
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
      hotKeys={(event) => event.altKey && event.code === "KeyT"}
      limit={20}
      rtl={lang === "ar"}
      newestOnTop={false}
    />
  );
}
