import { useTranslation } from "react-i18next";
import { useRootData } from "~/root";
import { pickPair } from "~/i18n/localized";
import { useLang } from "~/i18n/use-lang";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { PhoneLink } from "~/ui/PhoneLink";
import { contactFormAction } from "~/features/contact/contact.action.server";

/** Works without script: ships without React's runtime, only the enhancement script (decision 055). */
export const handle = { hydrate: false };

/** The footer's contact form posts here when JavaScript is not running. */
export const action = contactFormAction;

/** A map search for the address (OpenStreetMap: no key, no tracking script). */
const mapLink = (address: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

/** Address (with a map link), opening hours, e-mail and hotline from the site settings, beside an illustration. */
export default function ContactUs() {
  const { t } = useTranslation("pages");
  const lang = useLang();
  const settings = useRootData()?.settings;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-16">
      <PageMeta title={t("contact.metaTitle")} description={t("contact.metaDescription")} />
      <div className="grid items-center gap-12 md:grid-cols-2">
        <div>
          <h1 className="text-4xl font-extrabold text-slate-900">{t("contact.title")}</h1>
          <p className="mt-4 text-lg text-slate-700">{t("contact.intro")}</p>
          {settings ? (
            <dl className="mt-8 space-y-6">
              <div className="rounded-2xl border border-slate-200 p-5">
                <dt className="text-sm font-semibold uppercase tracking-wide text-indigo-700">{t("contact.address")}</dt>
                <dd className="mt-1 text-lg text-slate-900">
                  <address className="not-italic">{pickPair(settings.address, lang)}</address>
                  <a
                    href={mapLink(pickPair(settings.address, "en"))}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-2 inline-block text-base font-semibold text-indigo-700 underline"
                  >
                    {t("contact.map")} <span className="text-sm font-normal text-slate-600">{t("contact.mapNote")}</span>
                  </a>
                </dd>
              </div>
              {pickPair(settings.openingHours, lang) ? (
                <div className="rounded-2xl border border-slate-200 p-5">
                  <dt className="text-sm font-semibold uppercase tracking-wide text-indigo-700">{t("contact.hours")}</dt>
                  <dd className="mt-1 whitespace-pre-line text-lg text-slate-900">{pickPair(settings.openingHours, lang)}</dd>
                </div>
              ) : null}
              <div className="rounded-2xl border border-slate-200 p-5">
                <dt className="text-sm font-semibold uppercase tracking-wide text-indigo-700">{t("contact.email")}</dt>
                <dd className="mt-1 text-lg">
                  <a href={`mailto:${settings.email}`} className="text-slate-900 underline hover:text-indigo-700">
                    {settings.email}
                  </a>
                </dd>
              </div>
              <div className="rounded-2xl border border-slate-200 p-5">
                <dt className="text-sm font-semibold uppercase tracking-wide text-indigo-700">{t("contact.hotline")}</dt>
                <dd className="mt-1 text-lg">
                  <PhoneLink phone={settings.phone} className="text-slate-900 underline hover:text-indigo-700" />
                </dd>
              </div>
            </dl>
          ) : null}
          <p className="mt-6 text-slate-700">
            <LocalLink to="/contact-us-school" className="font-semibold text-indigo-700 underline">
              {t("contact.schools")}
            </LocalLink>
          </p>
        </div>
        <img src="/images/pages/contact.svg" alt={t("contact.imageAlt")} width={600} height={480} className="w-full" />
      </div>
    </main>
  );
}
