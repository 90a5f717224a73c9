import { useId } from "react";
import { useTranslation } from "react-i18next";
import { textLangAttrs } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { safeUrl } from "~/lib/safe-url";
import { imageLoading } from "~/ui/image-loading";
import { LocalLink } from "~/ui/LocalLink";
import type { BlogPost } from "./blog-post";
import { PostLanguage } from "./PostLanguage";
import { formatLongDate } from "./dates";
import { imageSizes, responsiveImage } from "~/lib/responsive-image";

type CardPost = Pick<BlogPost, "slug" | "title" | "description" | "imageUrl" | "category" | "author" | "publishDate" | "lang">;

/** A post in the blog grid: image, category, title, 3-line description, author, date, Read More. */
export function BlogCard({ post, timeZone, first = false }: { post: CardPost; timeZone: string | undefined; first?: boolean }) {
  const { t } = useTranslation("blog");
  const lang = useLang();
  const image = safeUrl(post.imageUrl);
  // A post shown in its other language says so, for screen readers and text direction.
  const own = textLangAttrs(post.lang, lang);
  const id = useId();
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {image ? (
        <img
          src={image}
          {...responsiveImage(image, imageSizes.card)}
          alt=""
          width={800}
          height={450}
          {...imageLoading(first)}
          className="aspect-video w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <PostLanguage lang={post.lang} className="mb-2 self-start" />
        <div {...own} className="flex flex-1 flex-col">
          {post.category ? <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">{post.category}</p> : null}
          <h2 id={`${id}-title`} className="mt-2 text-xl font-bold text-slate-900">
            {post.title}
          </h2>
          <p className="mt-2 line-clamp-3 text-slate-700">{post.description}</p>
        </div>
        <p className="mt-4 flex flex-wrap gap-x-3 text-sm text-slate-600">
          <span>{t("list.by", { author: post.author })}</span>
          <time dateTime={post.publishDate}>{formatLongDate(post.publishDate, lang, timeZone)}</time>
        </p>
        {/* Named "Read More" plus the title, read from the heading (which carries the post's language). */}
        <LocalLink
          to={`/blog/${post.slug}`}
          aria-labelledby={`${id}-more ${id}-title`}
          className="mt-5 inline-block self-start rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700"
        >
          <span id={`${id}-more`}>{t("list.readMore")}</span>
          {/* The name comes from aria-labelledby; this copy only makes the link text itself descriptive (crawlers). */}
          <span className="sr-only" aria-hidden="true">
            : {post.title}
          </span>
        </LocalLink>
      </div>
    </article>
  );
}
