import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { SiteSettings } from "~/features/site/settings.schema";
import { pickPair } from "~/i18n/localized";
import { useLang } from "~/i18n/use-lang";
import { LocalLink } from "./LocalLink";
import { PhoneLink } from "./PhoneLink";
import { ContactForm } from "~/features/contact/ContactForm";
import type { PageTexts } from "~/features/site/page-sections";
import { pageText } from "~/features/site/page-text";

// The footer form is part of the page's own code, not loaded lazily: a lazy part streams hidden
// until a script shows it (no form without JavaScript), and a click that lands while its code is
// still loading is lost (a form post must work from the first moment, issue 14).

interface ProgramLink {
  slug: string;
  name: string;
}

const socialNames = ["facebook", "instagram", "linkedin", "youtube", "twitter"] as const;

/** `children`: fixed-position extras (the WhatsApp button), kept inside the footer landmark. */
export function Footer({ settings, programs, texts, children }: { settings: SiteSettings; programs: ProgramLink[]; texts: PageTexts; children?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const site = pageText(texts, lang);
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-lg font-semibold text-white">
            {t("brand")}
          </h2>
          <p className="mt-3 text-sm leading-6" {...site.attrs("site.footer.about")}>
            {site.text("site.footer.about")}
          </p>
          <address className="mt-4 space-y-2 text-sm not-italic">
            <p>{pickPair(settings.address, lang)}</p>
            <p>
              <a className="underline hover:text-white" href={`mailto:${settings.email}`}>
                {settings.email}
              </a>
            </p>
            <p>
              <PhoneLink phone={settings.phone} className="underline hover:text-white" />
            </p>
          </address>
        </section>
        <nav aria-labelledby="footer-programs">
          <h2 id="footer-programs" className="text-lg font-semibold text-white">
            {t("footer.programs")}
          </h2>
          <ul className="mt-3 space-y-1 text-sm">
            {programs.map((program) => (
              <li key={program.slug}>
                <LocalLink to={`/courses/${program.slug}`} className="hover:text-white hover:underline">
                  {program.name}
                </LocalLink>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-follow">
          <h2 id="footer-follow" className="text-lg font-semibold text-white">
            {t("footer.follow")}
          </h2>
          <ul className="mt-3 space-y-1 text-sm">
            {socialNames
              .filter((name) => settings.social[name])
              .map((name) => (
                <li key={name}>
                  <a href={settings.social[name]} target="_blank" rel="noopener noreferrer" className="hover:text-white hover:underline">
                    {t(`footer.social.${name}`)}
                  </a>
                </li>
              ))}
          </ul>
        </section>
        <ContactForm />
      </div>
      {/* pb-20 on phones: the page ends clear of the WhatsApp button. */}
      <p className="border-t border-slate-800 pt-4 pb-20 text-center text-xs text-slate-300 sm:pb-4">
        {t("footer.copyright", { year: new Date().getFullYear() })}
      </p>
      {children}
    </footer>
  );
}
