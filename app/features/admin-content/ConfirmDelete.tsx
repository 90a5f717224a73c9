import { useState } from "react";
import { useTranslation } from "react-i18next";

/** A delete button that asks first, in the page (no browser dialog), then calls `onConfirm`. */
export function ConfirmDelete({ question, onConfirm, label }: { question: string; onConfirm: () => Promise<void> | void; label?: string }) {
  const { t } = useTranslation("admin-content");
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return (
      <button type="button" onClick={() => setAsking(true)} className="rounded-lg border border-red-300 px-4 py-2 font-semibold text-red-700 hover:bg-red-50">
        {label ?? t("actions.delete")}
      </button>
    );
  }
  return (
    <div role="alertdialog" aria-labelledby="confirm-delete-question" className="rounded-lg border border-red-300 bg-red-50 p-4">
      <p id="confirm-delete-question" className="font-medium text-red-900">
        {question}
      </p>
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
            } finally {
              setBusy(false);
              setAsking(false);
            }
          }}
          className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
        >
          {t("actions.confirmDelete")}
        </button>
        <button
          type="button"
          onClick={() => setAsking(false)}
          className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-white"
        >
          {t("actions.cancel")}
        </button>
      </div>
    </div>
  );
}
