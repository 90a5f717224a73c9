import { useTranslation } from "react-i18next";
import { whatsappLink } from "~/features/site/whatsapp";
import { textLangAttrs } from "~/i18n/lang";
import { pickPair } from "~/i18n/localized";
import { useLang } from "~/i18n/use-lang";
import { safeUrl } from "~/lib/safe-url";
import { useRootData } from "~/root";
import { LocalLink } from "~/ui/LocalLink";
import { PhoneLink } from "~/ui/PhoneLink";
import type { BlogCardPost } from "./blog-page";
import { formatLongDate } from "./dates";
import { PostLanguage } from "./PostLanguage";
import { imageSizes, responsiveImage } from "~/lib/responsive-image";

/** "More from our Blog": up to three other posts, or a line saying there are none. */
export function MoreFromBlog({ posts }: { posts: BlogCardPost[] }) {
  const { t } = useTranslation("blog");
  const lang = useLang();
  const timeZone = useRootData()?.settings.timeZone;
  return (
    <section aria-labelledby="more-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="more-title" className="text-lg font-bold text-slate-900">
        {t("post.more")}
      </h2>
      {posts.length === 0 ? (
        <p className="mt-3 text-slate-700">{t("post.noOthers")}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {posts.map((post) => {
            const image = safeUrl(post.imageUrl);
            return (
              <li key={post._id} className="flex gap-3">
                {image ? (
                  <img
                    src={image}
                    {...responsiveImage(image, imageSizes.fixed(96))}
                    alt=""
                    width={96}
                    height={54}
                    loading="lazy"
                    className="h-14 w-24 shrink-0 rounded-lg object-cover"
                  />
                ) : null}
                <div>
                  <LocalLink
                    to={`/blog/${post.slug}`}
                    className="font-semibold text-slate-900 hover:text-indigo-700 hover:underline"
                    {...textLangAttrs(post.lang, lang)}
                  >
                    {post.title}
                  </LocalLink>
                  <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                    <PostLanguage lang={post.lang} />
                    <time dateTime={post.publishDate}>{formatLongDate(post.publishDate, lang, timeZone)}</time>
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** "Need Help? Contact Us!": WhatsApp, e-mail and phone from the site settings. */
export function NeedHelp() {
  const { t } = useTranslation("blog");
  const lang = useLang();
  const settings = useRootData()?.settings;
  if (!settings) return null;
  const link = "block rounded-lg px-4 py-2 text-center font-semibold";
  return (
    <section aria-labelledby="help-title" className="rounded-2xl bg-indigo-50 p-5">
      <h2 id="help-title" className="text-lg font-bold text-slate-900">
        {t("post.help")}
      </h2>
      <p className="mt-2 text-slate-700">{t("post.helpText")}</p>
      <ul className="mt-4 space-y-2">
        <li>
          <a
            href={whatsappLink(settings.whatsappNumber, pickPair(settings.whatsappMessage, lang))}
            target="_blank"
            rel="noopener noreferrer"
            className={`${link} bg-green-700 text-white hover:bg-green-800`}
          >
            {t("post.whatsapp")}
          </a>
        </li>
        <li>
          <a href={`mailto:${settings.email}`} className={`${link} bg-indigo-600 text-white hover:bg-indigo-700`}>
            {t("post.email")}: <span dir="ltr">{settings.email}</span>
          </a>
        </li>
        <li>
          <PhoneLink phone={settings.phone} label={t("post.phone")} className={`${link} border border-indigo-600 text-indigo-700 hover:bg-white`} />
        </li>
      </ul>
    </section>
  );
}
