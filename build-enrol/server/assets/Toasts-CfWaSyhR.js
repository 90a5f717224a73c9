import { jsx } from "react/jsx-runtime";
import { useTranslation } from "react-i18next";
import { toast, ToastContainer } from "react-toastify";
import { toast as toast2 } from "react-toastify";
import { u as useLang } from "./use-lang-BxLAK5uO.js";
import "react";
import "react-router";
import "cookie";
function CloseButton({ closeToast }) {
  const { t } = useTranslation();
  return /* @__PURE__ */ jsx("button", { type: "button", className: "Toastify__close-button Toastify__close-button--light", "aria-label": t("toasts.close"), onClick: closeToast, children: /* @__PURE__ */ jsx("svg", { "aria-hidden": "true", viewBox: "0 0 14 16", width: "14", height: "16", fill: "none", stroke: "currentColor", strokeWidth: "2", children: /* @__PURE__ */ jsx("path", { d: "M2 3l10 10M12 3L2 13" }) }) });
}
function Toasts() {
  const { t } = useTranslation();
  const lang = useLang();
  return /* @__PURE__ */ jsx(
    ToastContainer,
    {
      "aria-label": t("toasts.label"),
      closeButton: CloseButton,
      position: "top-right",
      autoClose: 5e3,
      pauseOnHover: true,
      pauseOnFocusLoss: true,
      draggable: true,
      draggablePercent: 80,
      hotKeys: (event) => event.altKey && event.code === "KeyT",
      limit: 20,
      rtl: lang === "ar",
      newestOnTop: false
    }
  );
}
export {
  Toasts as default,
  toast2 as toast
};
