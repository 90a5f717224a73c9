/**
 * Shapes shared by the list server helper (list-query.server.ts) and the AdminTable component.
 */
export interface ListQuery {
  q: string;
  sort: string;
  dir: "asc" | "desc";
  page: number;
  pageSize: number;
  /** Exact-match filters that were given and valid, by query parameter name. */
  filters: Record<string, string>;
  /** First and last day (yyyy-mm-dd, both included) of the list's date range, in `timeZone`. */
  from?: string;
  to?: string;
  /** The academy's time zone, in which `from` and `to` are days. */
  timeZone: string;
}

export interface ListResult<R> {
  rows: R[];
  total: number;
  page: number;
  pageSize: number;
}
