import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Lang } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { imageSizes, responsiveImage } from "~/lib/responsive-image";
import { safeUrl } from "~/lib/safe-url";
import { useHydrated } from "~/lib/use-hydrated";
import { inputClass } from "~/ui/Field";
import { LocalLink } from "~/ui/LocalLink";
import { Modal } from "~/ui/Modal";
import type { MediaItem } from "./media.schema";

const PAGE_SIZE = 12;

interface Page {
  rows: MediaItem[];
  total: number;
  page: number;
}

/** One page of the library, newest first; null when it could not be read. */
async function fetchLibraryPage(q: string, page: number, lang: Lang, signal: AbortSignal): Promise<Page | null> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  if (q) params.set("q", q);
  try {
    const result = await apiRequest<Page>("GET", `/api/admin/media?${params.toString()}`, { lang, signal });
    return result.ok && result.data ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * "Choose from library" beside an image field: a dialog listing the media library (searchable,
 * a page at a time) whose images can be picked instead of uploading a new one. Before (or
 * without) JavaScript there is only a link to the library page.
 */
export function LibraryPicker({ onPick }: { onPick: (item: MediaItem) => void }) {
  const { t } = useTranslation("admin-content");
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) {
    return (
      <LocalLink to="/admin/media" className="block text-sm font-medium text-indigo-700 hover:underline">
        {t("media.picker.libraryLink")}
      </LocalLink>
    );
  }
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
      >
        {t("media.picker.choose")}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t("media.picker.title")} className="max-w-4xl">
        {open ? (
          <LibraryBrowser
            onPick={(item) => {
              setOpen(false);
              onPick(item);
            }}
            onClose={() => setOpen(false)}
          />
        ) : null}
      </Modal>
    </>
  );
}

function LibraryBrowser({ onPick, onClose }: { onPick: (item: MediaItem) => void; onClose: () => void }) {
  const { t } = useTranslation("admin-content");
  const lang = useLang();
  const searchId = useId();
  const [query, setQuery] = useState("");
  const [pages, setPages] = useState<Page[]>([]);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const request = useRef<AbortController | null>(null);

  /** Shows a fetched page (null: the library could not be read), unless a newer request replaced it. */
  const show = (controller: AbortController, page: number, data: Page | null) => {
    if (controller.signal.aborted) return;
    if (!data) {
      setState("failed");
      return;
    }
    setPages((before) => (page === 1 ? [data] : [...before, data]));
    setState("ready");
  };
  const start = (q: string, page: number) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    void fetchLibraryPage(q, page, lang, controller.signal).then((data) => show(controller, page, data));
  };
  const load = (q: string, page: number) => {
    setState("loading");
    start(q, page);
  };

  useEffect(() => {
    start("", 1);
    return () => request.current?.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first page, once
  }, []);

  const items = pages.flatMap((page) => page.rows);
  const last = pages.at(-1);
  const more = last ? last.page * PAGE_SIZE < last.total : false;
  const search = (event: FormEvent) => {
    event.preventDefault();
    load(query.trim(), 1);
  };

  return (
    <div className="space-y-4">
      {/* Not a <form>: this dialog sits inside the editor's form. */}
      <div role="search" className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-800">
            {t("media.searchLabel")}
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            placeholder={t("media.searchPlaceholder")}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") search(event);
            }}
            className={inputClass}
          />
        </div>
        <button type="button" onClick={search} className="rounded-lg bg-slate-800 px-4 py-2 font-semibold text-white hover:bg-slate-900">
          {t("media.search")}
        </button>
      </div>
      <p role="status" className="text-sm text-slate-600">
        {state === "loading"
          ? t("media.picker.loading")
          : state === "failed"
            ? t("media.picker.failed")
            : last
              ? last.total === 0
                ? query.trim()
                  ? t("media.noMatches")
                  : t("media.picker.empty")
                : t("media.count", { count: last.total })
              : ""}
      </p>
      {items.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
          {items.map((item, index) => {
            const alt = (lang === "ar" ? item.altAr : item.altEn) || "";
            const src = safeUrl(item.url);
            return (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => onPick(item)}
                  className="flex w-full flex-col overflow-hidden rounded-lg border border-slate-200 text-start hover:border-indigo-500 focus-visible:border-indigo-600"
                >
                  {src ? (
                    <img
                      src={src}
                      {...responsiveImage(item.url, imageSizes.fixed(200))}
                      alt=""
                      width={200}
                      height={112}
                      loading="lazy"
                      className="aspect-video w-full bg-slate-100 object-contain"
                    />
                  ) : null}
                  <span className="block p-2 text-xs text-slate-800">
                    <span className="sr-only">{`${t("media.picker.use")} ${index + 1}: `}</span>
                    {alt || <span className="italic text-slate-600">{t("media.noAlt")}</span>}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        {more ? (
          <button
            type="button"
            disabled={state === "loading"}
            onClick={() => load(query.trim(), (last?.page ?? 0) + 1)}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60"
          >
            {t("media.picker.more")}
          </button>
        ) : (
          <span />
        )}
        <button type="button" onClick={onClose} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50">
          {t("media.picker.close")}
        </button>
      </div>
    </div>
  );
}
