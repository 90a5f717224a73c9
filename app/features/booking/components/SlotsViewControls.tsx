import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { inputClass } from "~/ui/Field";
import { addDays } from "~/lib/zoned-time";

/** Week, day and list views: plain links, so they work before and without JavaScript. */
export function ViewLinks({ view, date, to }: { view: "week" | "day" | "list"; date: string; to: string }) {
  const { t } = useTranslation("booking");
  const links = [
    { key: "week", href: `?view=week&date=${date}` },
    { key: "day", href: `?view=day&date=${date}` },
    { key: "list", href: `?view=list&from=${date}&to=${view === "week" || view === "list" ? to : addDays(date, 6)}` },
  ] as const;
  return (
    <nav aria-label={t("admin.calendar.views")}>
      <ul className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {links.map((link) => (
          <li key={link.key}>
            <a
              href={link.href}
              aria-current={view === link.key ? "page" : undefined}
              className={`block rounded-md px-4 py-1.5 font-semibold ${view === link.key ? "bg-white text-indigo-800 shadow-sm" : "text-slate-700 hover:bg-white/60"}`}
            >
              {t(`admin.calendar.${link.key}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A date range for the list (and its CSV), and the search by a booking's short code: GET forms. */
export function RangeAndCodeSearch({ from, to, search }: { from: string; to: string; search: { code: string; found: boolean } | null }) {
  const { t } = useTranslation("booking");
  return (
    <>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label={t("admin.range.legend")}>
        <input type="hidden" name="view" value="list" />
        <label className="text-sm font-medium text-slate-800">
          {t("admin.range.from")}
          <input type="date" name="from" defaultValue={from} className={inputClass} />
        </label>
        <label className="text-sm font-medium text-slate-800">
          {t("admin.range.to")}
          <input type="date" name="to" defaultValue={to} className={inputClass} />
        </label>
        <button type="submit" className="rounded-lg bg-slate-800 px-4 py-2 font-semibold text-white hover:bg-slate-900">
          {t("admin.range.show")}
        </button>
        <a
          href={`/api/admin/slots/bookings.csv?from=${from}&to=${to}`}
          download
          className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t("admin.range.export")}
        </a>
      </Form>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label={t("admin.search.submit")}>
        <label className="text-sm font-medium text-slate-800">
          {t("admin.search.label")}
          <input
            type="text"
            name="code"
            dir="ltr"
            autoComplete="off"
            maxLength={12}
            defaultValue={search?.code ?? ""}
            className={`${inputClass} font-mono uppercase`}
          />
        </label>
        <button type="submit" className="rounded-lg bg-slate-800 px-4 py-2 font-semibold text-white hover:bg-slate-900">
          {t("admin.search.submit")}
        </button>
      </Form>
      {search ? (
        <p role="status" className="font-medium text-slate-800">
          {search.found ? t("admin.search.found", { code: search.code.toUpperCase() }) : t("admin.search.none", { code: search.code })}{" "}
          <a href="?" className="text-indigo-700 underline">
            {t("admin.search.clear")}
          </a>
        </p>
      ) : null}
    </>
  );
}
