import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useRootData } from "~/root";
import { safeUrl } from "~/lib/safe-url";
import { useLang } from "~/i18n/use-lang";

interface PageMetaProps {
  title: string;
  description: string;
  /** Preview image: a site path (/images/..., /uploads/...) or an http(s) URL; made absolute. */
  image?: string;
  /** Open Graph type; "article" for blog posts. */
  type?: "website" | "article";
  keywords?: string;
  /** Open Graph article fields (ISO dates). */
  article?: { publishedTime: string; modifiedTime?: string; author?: string; section?: string };
}

const ogLocale = { en: "en_US", ar: "ar_AR" } as const;

/**
 * A page's <title>, description, Open Graph and Twitter card tags (React hoists them into <head>,
 * also when server-rendered, so link previews work without JavaScript). URLs are absolute, from
 * PUBLIC_URL; the canonical and hreflang links come from app/root.tsx.
 */
export function PageMeta({ title, description, image, type = "website", keywords, article }: PageMetaProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { pathname } = useLocation();
  const publicUrl = useRootData()?.publicUrl ?? "";
  const brands = [t("brand"), t("brand", { lng: "en" })];
  const fullTitle = brands.some((brand) => title.includes(brand)) ? title : `${title} | ${t("brand")}`;
  // Previews get a 1200x630 PNG rendered from the site's own picture (Facebook, WhatsApp and X
  // show no SVG); a picture elsewhere gets the site's default card rather than an unknown format.
  const picture = safeUrl(image);
  const imageUrl = picture ? `${publicUrl}/og-image.png${picture.startsWith("/") ? `?src=${encodeURIComponent(picture)}` : ""}` : undefined;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {keywords ? <meta name="keywords" content={keywords} /> : null}
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={publicUrl + pathname} />
      <meta property="og:site_name" content={t("brand")} />
      <meta property="og:locale" content={ogLocale[lang]} />
      <meta property="og:locale:alternate" content={ogLocale[lang === "en" ? "ar" : "en"]} />
      {imageUrl ? <meta property="og:image" content={imageUrl} /> : null}
      {imageUrl ? <meta property="og:image:type" content="image/png" /> : null}
      {imageUrl ? <meta property="og:image:width" content="1200" /> : null}
      {imageUrl ? <meta property="og:image:height" content="630" /> : null}
      {article ? <meta property="article:published_time" content={article.publishedTime} /> : null}
      {article?.modifiedTime ? <meta property="article:modified_time" content={article.modifiedTime} /> : null}
      {article?.author ? <meta property="article:author" content={article.author} /> : null}
      {article?.section ? <meta property="article:section" content={article.section} /> : null}
      <meta name="twitter:card" content={imageUrl ? "summary_large_image" : "summary"} />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      {imageUrl ? <meta name="twitter:image" content={imageUrl} /> : null}
    </>
  );
}
