/**
 * The table of every admin list. State lives in the URL (?q, sort, dir, page, filters), so the
 * page's loader reads it with `parseListQuery` and the browser's back button works:
 *
 *   <AdminTable caption={t("contact.title")} result={loaderData.result} query={loaderData.query}
 *     rowKey={(r) => r.id} rowHref={(r) => `/admin/submissions/contact/${r.id}`}
 *     csvHref="/api/admin/submissions/contact"
 *     columns={[{ key: "email", header: t("fields.email"), sort: "email", cell: (r) => r.email }]}
 *     filters={<StatusFilter value={loaderData.query.filters.status} />} />
 *
 * It shows the search box (plus any `filters` controls, named like their query parameters),
 * sortable headers with aria-sort, pagination, a loading state while the next page loads, an
 * empty state, and a CSV link carrying the current search, sort and filters. For the error state
 * the route exports `ErrorBoundary` = `AdminRouteError` (AdminError.tsx).
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { LocalLink } from "~/ui/LocalLink";
import { inputClass } from "~/ui/Field";
import type { ListQuery, ListResult } from "~/features/admin-kit/list/list";

export interface AdminColumn<R> {
  key: string;
  header: string;
  /** The list's sort name for this column; the header is a sort button when given. */
  sort?: string;
  cell: (row: R) => ReactNode;
  className?: string;
}

interface AdminTableProps<R> {
  caption: string;
  columns: AdminColumn<R>[];
  result: ListResult<R>;
  query: ListQuery;
  rowKey: (row: R) => string | number;
  /** Unprefixed path of a row's detail view; the first cell links there. */
  rowHref?: (row: R) => string;
  /** Path of the list's JSON API; the CSV link is this with the current filters and format=csv. */
  csvHref?: string;
  filters?: ReactNode;
  emptyText?: string;
  /** Buttons or links shown beside the search box (e.g. "New post"). */
  actions?: ReactNode;
  /** Shows "From" and "To" days (the list's spec has a dateColumn). */
  dateRange?: boolean;
  /** A first column of checkboxes (`ids` = the row key) belonging to the form with this id (bulk actions). */
  select?: { form: string; checked: (row: R) => boolean; label: (row: R) => string };
}

/** The current search string with some parameters changed (null removes one). */
function withParams(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "?";
}

export function AdminTable<R>({
  caption,
  columns,
  result,
  query,
  rowKey,
  rowHref,
  csvHref,
  filters,
  emptyText,
  actions,
  dateRange,
  select,
}: AdminTableProps<R>) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  const first = result.total === 0 ? 0 : (result.page - 1) * result.pageSize + 1;
  const last = Math.min(result.total, result.page * result.pageSize);
  const csvLink = csvHref ? csvHref + withParams(location.search, { page: null, pageSize: null, format: "csv" }) : null;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <Form method="get" role="search" className="flex flex-wrap items-end gap-3" aria-label={t("table.searchLabel", { list: caption })}>
          <div>
            <label htmlFor="admin-table-q" className="mb-1 block text-sm font-medium text-slate-800">
              {t("table.search")}
            </label>
            <input id="admin-table-q" type="search" name="q" defaultValue={query.q} maxLength={200} className={`${inputClass} w-64 max-w-full`} />
          </div>
          {filters}
          {dateRange ? (
            <>
              {(["from", "to"] as const).map((name) => (
                <div key={name}>
                  <label htmlFor={`admin-table-${name}`} className="mb-1 block text-sm font-medium text-slate-800">
                    {t(`table.${name}`)}
                  </label>
                  <input id={`admin-table-${name}`} type="date" name={name} defaultValue={query[name]} className={inputClass} />
                </div>
              ))}
            </>
          ) : null}
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="dir" value={query.dir} />
          <button type="submit" className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700">
            {t("table.apply")}
          </button>
        </Form>
        <div className="ms-auto flex flex-wrap items-center gap-3">
          {actions}
          {csvLink ? (
            <a href={csvLink} download className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50">
              {t("table.exportCsv")}
            </a>
          ) : null}
        </div>
      </div>

      <p role="status" className="text-sm text-slate-600">
        {loading ? t("table.loading") : t("table.showing", { first, last, total: result.total })}
      </p>

      {/* relative: screen-reader-only text inside the scrolled table stays inside it (not widening the page). */}
      <div className="relative overflow-x-auto rounded-lg border border-slate-200">
        <table className={`min-w-full divide-y divide-slate-200 text-sm ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50">
            <tr>
              {select ? (
                <th scope="col" className="w-10 px-3 py-2">
                  <span className="sr-only">{t("table.choose")}</span>
                </th>
              ) : null}
              {columns.map((column) => {
                const active = column.sort !== undefined && column.sort === query.sort;
                const nextDir = active && query.dir === "asc" ? "desc" : "asc";
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={column.sort ? (active ? (query.dir === "asc" ? "ascending" : "descending") : "none") : undefined}
                    className={`px-3 py-2 text-start font-semibold text-slate-700 ${column.className ?? ""}`}
                  >
                    {column.sort ? (
                      <Link
                        to={withParams(location.search, { sort: column.sort, dir: nextDir, page: null })}
                        className="inline-flex items-center gap-1 hover:text-indigo-700"
                        preventScrollReset
                      >
                        {column.header}
                        <span aria-hidden="true">{active ? (query.dir === "asc" ? "▲" : "▼") : "↕"}</span>
                        <span className="sr-only">{t(nextDir === "asc" ? "table.sortAsc" : "table.sortDesc")}</span>
                      </Link>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {result.rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + (select ? 1 : 0)} className="px-3 py-8 text-center text-slate-600">
                  {query.q || Object.keys(query.filters).length > 0 ? t("table.noMatches") : (emptyText ?? t("table.empty"))}
                </td>
              </tr>
            ) : (
              result.rows.map((row) => (
                <tr key={rowKey(row)} className="hover:bg-slate-50">
                  {select ? (
                    <td className="px-3 py-2 align-top">
                      <input
                        type="checkbox"
                        name="ids"
                        value={rowKey(row)}
                        form={select.form}
                        defaultChecked={select.checked(row)}
                        aria-label={select.label(row)}
                        className="h-5 w-5 accent-indigo-600"
                      />
                    </td>
                  ) : null}
                  {columns.map((column, index) => (
                    <td key={column.key} className={`px-3 py-2 align-top text-slate-800 ${column.className ?? ""}`}>
                      {index === 0 && rowHref ? (
                        <LocalLink to={rowHref(row)} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
                          {column.cell(row)}
                        </LocalLink>
                      ) : (
                        column.cell(row)
                      )}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      {pages > 1 ? (
        <nav aria-label={t("table.pagination")} className="flex items-center justify-between gap-3 text-sm">
          {result.page > 1 ? (
            <Link
              to={withParams(location.search, { page: String(result.page - 1) })}
              className="rounded-lg border border-slate-300 px-3 py-1.5 hover:bg-slate-50"
            >
              {t("table.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600">{t("table.pageOf", { page: result.page, pages })}</span>
          {result.page < pages ? (
            <Link
              to={withParams(location.search, { page: String(result.page + 1) })}
              className="rounded-lg border border-slate-300 px-3 py-1.5 hover:bg-slate-50"
            >
              {t("table.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}

/** A select that filters a list by one of a fixed set of values (e.g. status), "all" when empty. */
export function ListFilter({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation("admin");
  const id = `admin-filter-${name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">{t("table.all")}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
