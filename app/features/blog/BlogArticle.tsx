import { useTranslation } from "react-i18next";
import { dirOf, textLangAttrs } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { imageSizes, responsiveImage } from "~/lib/responsive-image";
import { safeUrl } from "~/lib/safe-url";
import { useRootData } from "~/root";
import type { BlogPost } from "./blog-post";
import { ContentBlocks } from "./ContentBlocks";
import { formatLongDate } from "./dates";
import { PostLanguage } from "./PostLanguage";

/**
 * A post's header, image and text: the public post page and its signed preview show the same.
 * `libraryAlts`: the media library's alt texts for images the post gives none (by URL).
 */
export function BlogArticle({ post, libraryAlts = {} }: { post: BlogPost; libraryAlts?: Record<string, string> }) {
  const { t } = useTranslation("blog");
  const lang = useLang();
  const timeZone = useRootData()?.settings.timeZone;
  const image = safeUrl(post.imageUrl);
  // A post shown in its other language is marked with that language (and its direction).
  const own = textLangAttrs(post.lang, lang);
  const ui = post.lang !== lang ? { lang, dir: dirOf(lang) } : {};
  return (
    <article {...own}>
      <header>
        <div {...ui}>
          <PostLanguage lang={post.lang} />
        </div>
        {post.category ? (
          <p>
            <span className="sr-only" {...ui}>
              {t("post.category")}:{" "}
            </span>
            <span className="inline-block rounded-full bg-indigo-100 px-3 py-1 text-sm font-semibold text-indigo-800">{post.category}</span>
          </p>
        ) : null}
        <h1 className="mt-3 text-3xl font-extrabold leading-tight text-slate-900 md:text-4xl">{post.title}</h1>
        <p className="mt-3 flex flex-wrap gap-x-4 text-slate-600">
          <span>
            <span className="sr-only" {...ui}>
              {t("post.author")}:{" "}
            </span>
            {post.author}
          </span>
          <span {...ui}>{t("post.publishedOn", { date: formatLongDate(post.publishDate, lang, timeZone) })}</span>
        </p>
      </header>
      {image ? (
        <img
          src={image}
          {...responsiveImage(image, imageSizes.main)}
          alt={libraryAlts[post.imageUrl] ?? ""}
          width={1200}
          height={675}
          fetchPriority="high"
          className="mt-6 aspect-video w-full rounded-2xl object-cover"
        />
      ) : null}
      <ContentBlocks blocks={post.contentBlocks} libraryAlts={libraryAlts} className="mt-8 space-y-5 text-lg leading-8 text-slate-800" />
    </article>
  );
}
