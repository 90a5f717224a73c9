import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { pickPair } from "~/i18n/localized";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { getSiteSettings } from "~/features/site/site.server";
import type { Route } from "./+types/certificate-verify.route";
import { lookupCode, publicView } from "./certificates.api";
import { formatInstant, formatIssuedOn } from "./certificate-format";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const found = await lookupCode(context.db, params.code);
  // The code as typed, bounded, for the "unknown" page's sentence (React escapes it).
  const typed = params.code.slice(0, 40);
  if (!found)
    return data({ status: "unknown" as const, code: typed, kind: null, childName: null, course: null, issuedOn: null, revokedOn: null }, { status: 404 });
  const view = publicView(found, { fullName: (await getSiteSettings(context.db)).certificateFullName });
  const timeZone = await academyTimeZone(context.db);
  return data(
    {
      status: view.status,
      code: view.code,
      kind: view.kind,
      childName: view.childName,
      course: view.course ? pickPair(view.course, lang) : null,
      issuedOn: formatIssuedOn(view.issuedOn, lang),
      revokedOn: view.revokedAt ? formatInstant(view.revokedAt, timeZone, lang) : null,
    },
    // An erased certificate is gone for good (410); a revoked one is still a page that answers.
    { status: view.status === "erased" ? 410 : 200 },
  );
}

/**
 * Never stored by the page cache nor indexed: it names a child, and a revocation must show at once
 * (decision 080).
 */
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
}

/** /certificates/:code and /ar/certificates/:code: the public check of a certificate's code (its QR code leads here). */
export default function CertificateVerifyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("certificates");
  const { status, code, kind, childName, course, issuedOn, revokedOn } = loaderData;
  const fact = (label: string, value: string, ltr = false) => (
    <>
      <dt className="font-semibold text-slate-700">{label}</dt>
      <dd className="text-slate-900" dir={ltr ? "ltr" : undefined}>
        {value}
      </dd>
    </>
  );
  const heading = status === "unknown" ? t("verify.unknownHeading") : t("verify.heading");
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-12">
      <PageMeta title={t("verify.title")} description={t("verify.description")} />
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="text-3xl font-extrabold text-slate-900">{heading}</h1>
      {status === "unknown" ? (
        <p className="mt-4 text-slate-800">{t("verify.unknown", { code })}</p>
      ) : status === "erased" ? (
        <p role="status" className="mt-4 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 font-semibold text-slate-900">
          {t("verify.erased")}
        </p>
      ) : (
        <>
          {status === "revoked" ? (
            <p role="status" className="mt-4 rounded-lg border-2 border-red-700 bg-red-50 px-4 py-3 text-lg font-bold text-red-800" data-status="revoked">
              {t("verify.revoked", { date: revokedOn })}
            </p>
          ) : (
            <p role="status" className="mt-4 rounded-lg border-2 border-green-700 bg-green-50 px-4 py-3 text-lg font-bold text-green-900" data-status="valid">
              {t("verify.valid")}
            </p>
          )}
          <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-2xl border border-slate-200 bg-white p-6">
            {fact(t("verify.child"), childName ?? "")}
            {fact(kind === "camp" ? t("verify.camp") : t("verify.course"), course ?? "")}
            {fact(t("verify.issuedOn"), issuedOn ?? "")}
            {fact(t("verify.code"), code, true)}
          </dl>
        </>
      )}
      <p className="mt-8">
        <LocalLink to="/" className="font-medium text-indigo-700 underline hover:text-indigo-900">
          {t("verify.home")}
        </LocalLink>
      </p>
    </main>
  );
}
