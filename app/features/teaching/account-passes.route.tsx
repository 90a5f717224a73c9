import { useTranslation } from "react-i18next";
import { langFromPath } from "~/i18n/lang";
import { requireFamilyPage } from "~/features/family/account-owner.server";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import type { Route } from "./+types/account-passes.route";
import { familyPasses } from "./class-pass.server";
import { PassQr } from "./PassParts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireFamilyPage(context, request, "pickup");
  const url = new URL(request.url);
  const kind = url.searchParams.get("print") === "term" ? "term" : "day";
  const passes = await familyPasses(context.db, user.id, {
    kind,
    lang: langFromPath(url.pathname),
    timeZone: await academyTimeZone(context.db),
    secret: context.config.sessionSecret,
    publicUrl: context.config.publicUrl,
  });
  return { kind, passes };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

/**
 * /account/passes (issue 45 item 4, decision 141): each child's class pass for today, a QR code the
 * instructor scans at arrival; `?print=term` gives the passes that last the term, laid out to print.
 * The QR codes are SVG made on the server: the page needs no script.
 */
export default function AccountPassesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("teaching");
  const { kind, passes } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-10 md:py-14 print:py-0">
      <PageMeta title={t("passes.title")} description={t("passes.description")} />
      <meta name="robots" content="noindex" />
      <header className="print:hidden">
        <h1 className="text-3xl font-extrabold text-slate-900">{t("passes.title")}</h1>
        <p className="mt-2 text-slate-700">{t(kind === "term" ? "passes.printIntro" : "passes.intro")}</p>
        <p className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
          <LocalLink to="/account" className="font-medium text-indigo-700 underline hover:text-indigo-900">
            {t("passes.back")}
          </LocalLink>
          <LocalLink to="/account/pickup" className="font-medium text-indigo-700 underline hover:text-indigo-900">
            {t("pickupPass.link")}
          </LocalLink>
          {kind === "term" ? (
            <LocalLink to="/account/passes" className="font-medium text-indigo-700 underline hover:text-indigo-900">
              {t("passes.today")}
            </LocalLink>
          ) : (
            <LocalLink to="/account/passes?print=term" className="font-medium text-indigo-700 underline hover:text-indigo-900">
              {t("passes.print")}
            </LocalLink>
          )}
        </p>
      </header>
      {passes.length === 0 ? (
        <p className="text-slate-700">{t("passes.none")}</p>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 print:grid-cols-2">
          {passes.map((pass) => (
            <li key={pass.enrolmentId} className="break-inside-avoid rounded-xl border border-slate-300 bg-white p-4 text-center" data-pass={pass.enrolmentId}>
              <h2 className="text-xl font-bold text-slate-900">
                <bdi>{pass.childName}</bdi>
              </h2>
              <p className="text-slate-800">{pass.course}</p>
              <PassQr svg={pass.qrSvg} alt={t("passes.qr", { child: pass.childName })} />
              <p className="text-sm text-slate-700">{t("passes.validUntil", { when: pass.validUntil })}</p>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
