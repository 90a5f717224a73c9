import { useTranslation } from "react-i18next";

/** Share links for a post's absolute URL: Facebook, Twitter and WhatsApp. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation("blog");
  const u = encodeURIComponent(url);
  const links = [
    { key: "shareFacebook", name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}`, color: "bg-[#1464d2]" },
    { key: "shareTwitter", name: "Twitter", href: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`, color: "bg-slate-900" },
    { key: "shareWhatsApp", name: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`, color: "bg-green-700" },
  ] as const;
  return (
    <section aria-labelledby="share-title" className="mt-10 border-t border-slate-200 pt-6">
      <h2 id="share-title" className="text-lg font-semibold text-slate-900">
        {t("post.share")}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-3">
        {links.map((link) => (
          <li key={link.key}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              // The name keeps the visible brand word (WCAG 2.5.3, label in name) in both languages.
              aria-label={t(`post.${link.key}`, { network: link.name })}
              className={`inline-block rounded-lg px-4 py-2 text-sm font-semibold text-white hover:opacity-90 ${link.color}`}
            >
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
