import type { ReactNode } from "react";
import { dateLocale } from "~/lib/dates";
import { useLang } from "~/i18n/use-lang";

/** The card every part of /account sits in: a section named by its heading (`{id}-heading`). */
export function AccountSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className={accountSectionClass}>
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const accountSectionClass = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6";
export const accountButtonClass =
  "rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60";

/** A record's facts as a two-column list (bookings, waiting places, forms sent). */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">{children}</dl>;
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  );
}

/** A day in the page's language (the day the form was sent, in the academy's sense of "long date"). */
export function DateText({ iso }: { iso: string }) {
  const lang = useLang();
  return <time dateTime={iso}>{new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso))}</time>;
}
