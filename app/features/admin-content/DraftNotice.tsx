import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { formatTime } from "~/features/admin-kit/format";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { toast } from "~/ui/toast";
import { LocalLink } from "~/ui/LocalLink";
import { secondaryButton } from "./EditorShell";
import { useDraftAutosave, type DraftStatus } from "./use-draft-autosave";

/** The person's draft of this editor as the page's loader found it. */
export interface EditorDraft {
  values: Record<string, unknown>;
  savedAt: string;
  olderThanRecord: boolean;
}

const kind = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

/**
 * The draft's values over the record's, field by field, only where the draft's value has the
 * shape the form expects (a number field may be empty while typed; a list holds objects).
 */
export function mergeDraft<T extends FieldValues>(record: T, draft: Record<string, unknown>): T {
  const merged: Record<string, unknown> = { ...record };
  for (const [name, value] of Object.entries(draft)) {
    if (!(name in record)) continue;
    const expected = kind(record[name]);
    const got = kind(value);
    const fits =
      expected === got ||
      (got === "null" && (expected === "number" || expected === "string")) ||
      (expected === "null" && (got === "number" || got === "string")) ||
      (expected === "number" && got === "string");
    if (!fits) continue;
    if (got === "array" && !(value as unknown[]).every((item) => typeof item === "object" && item !== null && !Array.isArray(item))) continue;
    merged[name] = value;
  }
  return merged as T;
}

/**
 * Autosave of an editor (blog post, course, testimonial, page section), and the offer of a draft found on opening it:
 * "Restore draft" puts the draft's values in the form (unsaved until Save), "Discard draft" deletes
 * it. Returns the banner, the "Draft saved hh:mm" status, and whether a draft is being kept (the
 * leave question then says so).
 */
export function useEditorDraft<T extends FieldValues>({
  collection,
  id,
  methods,
  initial,
  draft,
  timeZone,
  idPrefix = "draft-offer",
}: {
  /** Ids of the offer's parts, unique on a page with several editors (the page texts' sections). */
  idPrefix?: string;
  collection: string;
  id: number | null;
  methods: UseFormReturn<T>;
  initial: T;
  draft: EditorDraft | null;
  timeZone: string;
}) {
  const { t } = useTranslation("admin-content");
  const lang = useLang();
  const [offered, setOffered] = useState(draft);
  const autosave = useDraftAutosave({ collection, id, methods: methods as unknown as UseFormReturn<never>, paused: offered !== null });

  const restore = () => {
    if (!offered) return;
    methods.reset(mergeDraft(initial, offered.values) as never, { keepDefaultValues: true });
    setOffered(null);
    toast.success(t("draft.restored"));
  };
  const discard = async () => {
    if (!offered) return;
    const answer = await apiRequest("DELETE", `/api/admin/${collection}/${id ?? "new"}/draft`, { lang }).catch(() => null);
    if (!answer?.ok) {
      toast.error(t("form.network"));
      return;
    }
    setOffered(null);
    toast.success(answer.data?.message ?? t("draft.discarded"));
  };

  const banner = offered ? (
    <section aria-labelledby={`${idPrefix}-title`} className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id={`${idPrefix}-title`} className="font-semibold">
        {t("draft.bannerTitle")}
      </h2>
      <p>{t("draft.bannerText", { time: formatTime(offered.savedAt, lang, timeZone) })}</p>
      {offered.olderThanRecord ? <p className="text-sm">{t("draft.bannerOlder")}</p> : null}
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={restore} className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700">
          {t("draft.restore")}
        </button>
        <button type="button" onClick={() => void discard()} className={secondaryButton}>
          {t("draft.discard")}
        </button>
      </div>
    </section>
  ) : null;

  return { banner, status: <DraftStatusText status={autosave.status} timeZone={timeZone} />, keepsDraft: offered === null };
}

/** "Draft saved 14:32" beside Save (announced politely). */
function DraftStatusText({ status, timeZone }: { status: DraftStatus; timeZone: string }) {
  const { t } = useTranslation("admin-content");
  const lang = useLang();
  const text =
    status.state === "saving"
      ? t("draft.saving")
      : status.state === "saved"
        ? t("draft.savedAt", { time: formatTime(status.at, lang, timeZone) })
        : status.state === "failed"
          ? t("draft.failed")
          : "";
  return (
    <p role="status" data-testid="draft-status" className={`text-sm ${status.state === "failed" ? "text-red-700" : "text-slate-600"}`}>
      {text}
    </p>
  );
}

/** The way from an editor to its record's revisions (compare, restore). */
export function RevisionsLink({
  collection,
  id,
  of,
}: {
  collection: string;
  id: number;
  /** What the revisions are of, where a page has several links ("Top banner"). */ of?: string;
}) {
  const { t } = useTranslation("admin-content");
  return (
    <p>
      <LocalLink
        to={`/admin/${collection}/edit/${id}/revisions`}
        aria-label={of ? t("revisions.linkOf", { name: of }) : undefined}
        className="font-semibold text-indigo-700 hover:underline"
      >
        {t("revisions.link")}
      </LocalLink>
    </p>
  );
}
