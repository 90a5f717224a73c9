import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/features/admin-kit/format";
import { ContentBlocks } from "~/features/blog/ContentBlocks";
import { useLang } from "~/i18n/use-lang";
import { useHydrated } from "~/lib/use-hydrated";
import { safeUrl } from "~/lib/safe-url";
import { useRootData } from "~/root";
import { inputClass } from "~/ui/Field";
import type { BlogPostInput } from "./blog-admin.schema";
import { secondaryButton } from "./EditorShell";

/** The post as its public page will show it, in the language of the current tab. */
export function BlogPreview({ id, values, suffix }: { id: string; values: BlogPostInput; suffix: "En" | "Ar" }) {
  const { t } = useTranslation("admin-content");
  const image = safeUrl(values.imageUrl);
  return (
    <section
      id={id}
      aria-label={t("form.previewLabel")}
      dir={suffix === "Ar" ? "rtl" : "ltr"}
      className="rounded-2xl border-2 border-dashed border-indigo-200 p-6"
    >
      <p className="text-sm font-semibold uppercase text-indigo-700">{t("form.previewLabel")}</p>
      {values[`category${suffix}`] ? (
        <p className="mt-3 inline-block rounded-full bg-indigo-100 px-3 py-1 text-sm font-semibold text-indigo-800">{values[`category${suffix}`]}</p>
      ) : null}
      {/* No empty heading while the title is still blank. */}
      {values[`title${suffix}`] ? <h2 className="mt-3 text-3xl font-extrabold text-slate-900">{values[`title${suffix}`]}</h2> : null}
      <p className="mt-2 text-slate-600">{values.author}</p>
      {image ? <img src={image} alt="" className="mt-4 aspect-video w-full rounded-xl object-cover" /> : null}
      <ContentBlocks blocks={values[`content${suffix}`] ?? []} className="mt-6 space-y-5 text-lg leading-8 text-slate-800" />
    </section>
  );
}

/**
 * "Copy share link": the signed preview address of a draft or scheduled post, for people without
 * an account (decision 036). Shown as text to select without JavaScript; the button copies it.
 */
export function SharePreview({ url, expiresAt }: { url: string; expiresAt: string }) {
  const { t } = useTranslation("admin-content");
  const lang = useLang();
  const timeZone = useRootData()?.settings.timeZone;
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  };
  return (
    <section aria-labelledby="share-preview-heading" className="mt-6 space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="share-preview-heading" className="text-lg font-semibold text-slate-900">
        {t("blog.share.heading")}
      </h2>
      <p className="text-sm text-slate-800">{t("blog.share.hint", { date: formatDateTime(expiresAt, lang, timeZone) })}</p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="share-preview-url" className="sr-only">
          {t("blog.share.label")}
        </label>
        <input
          id="share-preview-url"
          type="text"
          readOnly
          value={url}
          dir="ltr"
          className={`${inputClass} max-w-xl`}
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated ? (
          <button type="button" className={secondaryButton} onClick={() => void copy()}>
            {t("blog.share.copy")}
          </button>
        ) : null}
      </div>
      <p role="status" className="text-sm font-medium text-slate-800">
        {copied === "yes" ? t("blog.share.copied") : copied === "no" ? t("blog.share.copyFailed") : ""}
      </p>
    </section>
  );
}
