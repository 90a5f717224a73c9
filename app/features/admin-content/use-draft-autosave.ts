import { useCallback, useEffect, useRef, useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { apiRequest } from "~/lib/api";
import { useLang } from "~/i18n/use-lang";

/** How long after the last change a draft is saved. */
export const DRAFT_DELAY_MS = 2000;

export type DraftStatus = { state: "idle" } | { state: "saving" } | { state: "saved"; at: string } | { state: "failed" };

/**
 * Saves an editor's values as the signed-in person's draft (issue 16, decision 035) 2 s after the
 * last change while the form holds unsaved changes; right away when the page goes (the leave
 * question's "Leave", a closed tab). When the form is clean again (saved, or typed back) the draft
 * goes. `paused` while a draft from before is still offered, so typing does not overwrite it.
 */
export function useDraftAutosave({
  collection,
  id,
  methods,
  paused,
}: {
  collection: string;
  id: number | null;
  methods: UseFormReturn<never>;
  paused: boolean;
}) {
  const lang = useLang();
  const [status, setStatus] = useState<DraftStatus>({ state: "idle" });
  const path = `/api/admin/${collection}/${id ?? "new"}/draft`;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const waiting = useRef<FieldValues | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const stored = useRef(false);
  const pausedNow = useRef(paused);
  useEffect(() => {
    pausedNow.current = paused;
  }, [paused]);

  /** Sends the waiting values now; `leaving` keeps the request alive past the page. */
  const flush = useCallback(
    (leaving = false) => {
      clearTimeout(timer.current);
      const values = waiting.current;
      if (!values) return;
      waiting.current = null;
      if (!leaving) setStatus({ state: "saving" });
      const put = async () => {
        const response = await fetch(path, {
          method: "PUT",
          credentials: "same-origin",
          keepalive: leaving,
          headers: { Accept: "application/json", "Content-Type": "application/json", "Accept-Language": lang },
          body: JSON.stringify({ values }),
        });
        if (!response.ok) throw new Error(`draft ${response.status}`);
        const body = (await response.json()) as { savedAt: string };
        stored.current = true;
        if (!leaving) setStatus({ state: "saved", at: body.savedAt });
      };
      queue.current = queue.current.then(put).catch(() => {
        if (!leaving) setStatus({ state: "failed" });
      });
    },
    [path, lang],
  );

  useEffect(
    () =>
      methods.subscribe({
        formState: { values: true, isDirty: true },
        callback: ({ values, isDirty }) => {
          if (pausedNow.current) return;
          if (!isDirty) {
            clearTimeout(timer.current);
            waiting.current = null;
            // Saved (the server dropped the draft) or typed back to the saved values: no draft to offer.
            if (stored.current) {
              stored.current = false;
              queue.current = queue.current.then(() => apiRequest("DELETE", path, { lang })).catch(() => undefined);
            }
            setStatus({ state: "idle" });
            return;
          }
          waiting.current = structuredClone(values) as FieldValues;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => flush(), DRAFT_DELAY_MS);
        },
      }),
    [methods, path, lang, flush],
  );

  useEffect(() => {
    const leave = () => flush(true);
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      // Leaving the editor inside the app (after "Leave" in the question): what was typed last is kept.
      flush(true);
    };
  }, [flush]);

  return { status, flush };
}
