import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import { Modal } from "~/ui/Modal";

/**
 * Stops an editor's changes from vanishing without a word (issue 16): while the form holds unsaved
 * changes, leaving by a link or the sidebar asks first (in the page), and a reload or closing the
 * tab gets the browser's own "leave site?" question. Staying keeps everything as typed.
 */
/** Navigation state that leaves without asking: the record was just saved as new, or deleted. */
export const DISCARD_EDITS = "discardEdits";

export function UnsavedChangesGuard({
  dirty,
  draftKept = false,
}: {
  dirty: boolean;
  /** The editor keeps a draft of the changes (blog posts, courses): leaving loses nothing. */ draftKept?: boolean;
}) {
  const { t } = useTranslation("admin-content");
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname && !(nextLocation.state as Record<string, unknown> | null)?.[DISCARD_EDITS],
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const stay = () => blocker.reset?.();
  return (
    <Modal open={blocker.state === "blocked"} onClose={stay} title={t("unsaved.title")}>
      <p className="text-slate-700">{t(draftKept ? "unsaved.textDraft" : "unsaved.text")}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" onClick={stay} className="rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700">
          {t("unsaved.stay")}
        </button>
        <button
          type="button"
          onClick={() => blocker.proceed?.()}
          className="rounded-lg border border-red-300 px-5 py-2 font-semibold text-red-700 hover:bg-red-50"
        >
          {t(draftKept ? "unsaved.leaveDraft" : "unsaved.leave")}
        </button>
      </div>
    </Modal>
  );
}
