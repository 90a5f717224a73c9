import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { requireAccountPage } from "~/lib/page-guards.server";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/account-invoices.route";
import { listAccountInvoices } from "./money.api";
import { Balances, InvoiceCards } from "./InvoiceCards";
import { HowToPay } from "~/features/billing/HowToPay";
import { howToPay } from "~/features/billing/how-to-pay.server";

/** Cards, links and PDFs: no React ships to the page, signed in too (decision 108). */
export const handle = { hydrate: false, staticWhenSignedIn: true };

/** The page reads the same JSON endpoint the API serves, run in process (decision 093). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAccountPage(context, request);
  const lang = langFromPath(new URL(request.url).pathname);
  const answer = await context.run(listAccountInvoices, { input: {}, lang });
  if (!answer.ok || answer.status !== 200) throw data({ message: answer.body.message ?? "" }, { status: answer.status });
  // How to pay (issue 42): the desk, the methods and the bank details, once for the page.
  return { ...answer.body, pay: await howToPay(context.db, context.config, lang) };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

/** /account/invoices: the family's invoices, what is paid and owed, PDFs and the pay link of a held seat (issue 31). */
export default function AccountInvoicesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("money");
  const lang = useLang();
  const { invoices, balances, pay } = loaderData;
  const owing = invoices.some((invoice) => invoice.outstandingMinor > 0 && invoice.status !== "void");
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-8 px-4 py-10 md:py-14">
      <PageMeta title={t("account.title")} description={t("account.description")} />
      <meta name="robots" content="noindex" />
      <header>
        <h1 className="text-3xl font-extrabold text-slate-900">{t("account.title")}</h1>
        <p className="mt-2 text-slate-700">{t("account.intro")}</p>
        <LocalLink to="/account" className="mt-3 inline-block font-medium text-indigo-700 underline hover:text-indigo-900">
          {t("account.back")}
        </LocalLink>
      </header>
      <section aria-labelledby="balance-heading">
        <h2 id="balance-heading" className="text-2xl font-bold text-slate-900">
          {t("account.balanceTitle")}
        </h2>
        <Balances balances={balances} lang={lang} />
      </section>
      {owing ? <HowToPay view={pay} headingId="how-to-pay" referenceMany /> : null}
      <section aria-labelledby="invoices-heading">
        <h2 id="invoices-heading" className="text-2xl font-bold text-slate-900">
          {t("account.listTitle")}
        </h2>
        {invoices.length === 0 ? <p className="mt-3 text-slate-700">{t("account.none")}</p> : <InvoiceCards invoices={invoices} lang={lang} />}
      </section>
    </main>
  );
}
