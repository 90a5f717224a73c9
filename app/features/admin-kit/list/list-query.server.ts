/**
 * Server side of every admin list: search, sort and pagination read from the query string.
 *
 *   const spec = defineList({ search: ["name", "email"], sorts: { created: "created_at", name: "name" },
 *                             defaultSort: "created", filters: { status: ["new", "contacted", "closed"] } });
 *   const base = db.selectFrom(table).select(["id", "email", "created_at"]); // a query of the list's owner
 *   // in a loader (bad query values fall back to defaults):
 *   const result = await listRows(base, spec, parseListQuery(spec, url.searchParams));
 *   // as an endpoint (bad values: 400 with per-field messages; ?format=csv streams a CSV):
 *   listEndpoint({ path: "/api/admin/contacts", access: "staff", spec, source: () => ({ base, filename: "contacts", columns: [...] }) });
 *
 * `search` columns are matched with a case-insensitive LIKE (% and _ in the search escaped);
 * `sorts` maps the public sort names to columns (only those may be sorted on); `filters` are exact
 * matches on a column (key = query parameter, also the column unless `column` says otherwise).
 * `dateColumn` (an ISO instant) enables `from` and `to`, days in the academy's time zone.
 * Rows are always ordered by `id` after the chosen sort, so pages never overlap.
 */
import type { Request } from "express";
import { sql, type RawBuilder, type SelectQueryBuilder } from "kysely";
import { z } from "zod";
import type { DB } from "~server/db/db";
import type { Database } from "~server/db/schema";
import { replaceControlCharacters } from "~/lib/control-characters";
import { v } from "~/lib/validation";
import { addDays, zonedToUtc } from "~/lib/zoned-time";
import { csvFile, type CsvColumn } from "~/features/admin-kit/list/csv.server";
import { defineEndpoint, type Caller, type EndpointDeps, type FileAnswer } from "~server/http/endpoint";
import type { ListQuery, ListResult } from "~/features/admin-kit/list/list";

export type { ListQuery, ListResult } from "~/features/admin-kit/list/list";

const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 25;

export interface FilterSpec {
  /** The allowed values; anything else is a 400 (API) or ignored (pages). Absent: any text up to 100 characters. */
  values?: readonly string[];
  /** Column to compare; the filter's own name when absent. */
  column?: string;
  /** Values that mean more than equality (a scheduled post is a published one dated later): their SQL condition, built per request. */
  conditions?: Record<string, () => RawBuilder<boolean>>;
}

export interface ListSpec {
  search: readonly string[];
  sorts: Record<string, string>;
  defaultSort: string;
  defaultDir?: "asc" | "desc";
  filters?: Record<string, FilterSpec>;
  /** The unique column used as the final tie-breaker ("id" when absent). */
  idColumn?: string;
  /** The column (ISO instant text) that `?from=` and `?to=` (days) filter on; no date range when absent. */
  dateColumn?: string;
}

/** A calendar day, yyyy-mm-dd, that exists. */
const dayField = z
  .string({ error: v.invalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, v.invalid)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), v.invalid)
  .optional();

export const defineList = <S extends ListSpec>(spec: S): S => spec;

/** The zod schema of a list's query string (also used to check the API's input). */
function listQuerySchema(spec: ListSpec) {
  const sortNames = Object.keys(spec.sorts) as [string, ...string[]];
  const filterShape = Object.fromEntries(
    Object.entries(spec.filters ?? {}).map(([name, filter]) => [
      name,
      filter.values
        ? z.enum(filter.values as [string, ...string[]], { error: v.choice }).optional()
        : z.string({ error: v.invalid }).trim().max(100, v.tooLong).optional(),
    ]),
  );
  return z.object({
    // Control characters (NUL ends a string in SQLite's LIKE and is refused by PostgreSQL) are dropped.
    q: z
      .string({ error: v.invalid })
      .max(200, v.tooLong)
      .transform((text) => replaceControlCharacters(text, " ").trim())
      .optional()
      .default(""),
    sort: z.enum(sortNames, { error: v.choice }).optional(),
    dir: z.enum(["asc", "desc"], { error: v.choice }).optional(),
    page: z.coerce.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(1_000_000, v.invalid).optional().default(1),
    pageSize: z.coerce.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(MAX_PAGE_SIZE, v.tooLong).optional().default(DEFAULT_PAGE_SIZE),
    format: z.enum(["json", "csv"], { error: v.choice }).optional().default("json"),
    ...(spec.dateColumn ? { from: dayField, to: dayField } : {}),
    ...filterShape,
  });
}

export type ParsedQuery = z.output<ReturnType<typeof listQuerySchema>>;

function toListQuery(spec: ListSpec, parsed: ParsedQuery, timeZone: string): ListQuery {
  const record = parsed as Record<string, unknown>;
  const filters: Record<string, string> = {};
  for (const name of Object.keys(spec.filters ?? {})) {
    if (typeof record[name] === "string") filters[name] = record[name] as string;
  }
  return {
    q: parsed.q,
    sort: parsed.sort ?? spec.defaultSort,
    dir: parsed.dir ?? spec.defaultDir ?? "desc",
    page: parsed.page,
    pageSize: parsed.pageSize,
    filters,
    ...(typeof record.from === "string" ? { from: record.from } : {}),
    ...(typeof record.to === "string" ? { to: record.to } : {}),
    timeZone,
  };
}

/** One value per query parameter (the first when repeated); empty ones (an "All" filter) are left out. */
function firstValues(params: URLSearchParams | Request["query"]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (params instanceof URLSearchParams) {
    for (const key of new Set(params.keys())) out[key] = params.get(key);
  } else {
    for (const [key, value] of Object.entries(params)) out[key] = Array.isArray(value) ? value[0] : value;
  }
  for (const [key, value] of Object.entries(out)) if (value === "") delete out[key];
  return out;
}

/**
 * For page loaders: a bad or hostile query string gives the defaults of the bad fields, never an
 * error. `timeZone` (the academy's) is where the date range's days begin and end.
 */
export function parseListQuery(spec: ListSpec, params: URLSearchParams, timeZone = "UTC"): ListQuery {
  const schema = listQuerySchema(spec);
  const raw = firstValues(params);
  const result = schema.safeParse(raw);
  if (result.success) return toListQuery(spec, result.data, timeZone);
  const bad = new Set(result.error.issues.map((issue) => String(issue.path[0])));
  const cleaned = Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key)));
  return toListQuery(spec, schema.parse(cleaned), timeZone);
}

/** `%`, `_` and the escape character itself lose their LIKE meaning. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- lists run over any table or join
export type AnySelect<O> = SelectQueryBuilder<Database, any, O>;

/** The base query with the search and filters applied (no order, no paging). */
function filtered<O>(base: AnySelect<O>, spec: ListSpec, query: ListQuery): AnySelect<O> {
  let qb = base;
  for (const [name, value] of Object.entries(query.filters)) {
    const filter = spec.filters?.[name];
    if (!filter || (filter.values && !filter.values.includes(value))) continue;
    const condition = filter.conditions?.[value];
    qb = condition ? qb.where(condition()) : qb.where(sql.ref(filter.column ?? name), "=", value);
  }
  if (spec.dateColumn && query.from) qb = qb.where(sql.ref(spec.dateColumn), ">=", zonedToUtc(query.from, "00:00", query.timeZone).toISOString());
  if (spec.dateColumn && query.to) qb = qb.where(sql.ref(spec.dateColumn), "<", zonedToUtc(addDays(query.to, 1), "00:00", query.timeZone).toISOString());
  const words = query.q.trim();
  if (words && spec.search.length > 0) {
    const pattern = `%${escapeLike(words.toLowerCase())}%`;
    qb = qb.where(({ or }) => or(spec.search.map((column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`)));
  }
  return qb;
}

function ordered<O>(qb: AnySelect<O>, spec: ListSpec, query: ListQuery): AnySelect<O> {
  const column = spec.sorts[query.sort] ?? spec.sorts[spec.defaultSort]!;
  const idColumn = spec.idColumn ?? "id";
  const sorted = qb.orderBy(sql.ref(column), query.dir);
  return column === idColumn ? sorted : sorted.orderBy(sql.ref(idColumn), query.dir);
}

/** One page of rows plus the total count of rows matching the search and filters. */
export async function listRows<O>(base: AnySelect<O>, spec: ListSpec, query: ListQuery): Promise<ListResult<O>> {
  const where = filtered(base, spec, query);
  const [rows, count] = await Promise.all([
    ordered(where, spec, query)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    where
      .clearSelect()
      .clearOrderBy()
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirst() as Promise<{ n: number | string } | undefined>,
  ]);
  return { rows: rows as O[], total: Number(count?.n ?? 0), page: query.page, pageSize: query.pageSize };
}

/** Every row matching the search and filters, in the chosen order, fetched in batches (for CSV). */
export async function* allRows<O>(base: AnySelect<O>, spec: ListSpec, query: ListQuery, batchSize = 500): AsyncGenerator<O> {
  const query0 = ordered(filtered(base, spec, query), spec, query);
  for (let offset = 0; ; offset += batchSize) {
    const batch = (await query0.limit(batchSize).offset(offset).execute()) as O[];
    yield* batch;
    if (batch.length < batchSize) return;
  }
}

/** A list's query as an endpoint's input: one value per parameter (the first when repeated, empty ones left out), then the list's rules. */
export const listInput = (spec: ListSpec) => z.preprocess((raw) => firstValues((raw ?? {}) as Request["query"]), listQuerySchema(spec));

/** A list's JSON answer: one page of rows (shaped by `toJson`) and the count of every match. */
export type ListAnswerBody = { rows: unknown[]; total: number; page: number; pageSize: number };

/** A list's source, its row type taken from the query (so `columns` and `toJson` are checked against it). */
export const listSource = <O>(base: AnySelect<O>, rest: Omit<ListSource<O>, "base">): ListSource<O> => ({ base, ...rest });

/** What an admin list endpoint reads per call: its rows, CSV name and columns, and the JSON shape of a row. */
export interface ListSource<O> {
  base: AnySelect<O>;
  /** CSV file name without extension; the date is added. */
  filename: string;
  columns: CsvColumn<O>[];
  /** Shape of a row in the JSON answer (the row itself when absent). */
  toJson?: (row: O) => unknown;
}

/**
 * The answer of an admin list endpoint: JSON `{ rows, total, page, pageSize }`, or with
 * `?format=csv` every matching row (no paging) as a streamed CSV download. The endpoint declares
 * `produces: "csv", alsoJson: true` and `input: listInput(spec)` (listEndpoint does).
 */
export async function listAnswer<O>(
  db: DB,
  spec: ListSpec,
  parsed: ParsedQuery,
  source: ListSource<O>,
): Promise<FileAnswer | { status: 200; body: ListAnswerBody }> {
  const { academyTimeZone } = await import("~/features/site/academy-zone.server");
  const timeZone = await academyTimeZone(db);
  const query = toListQuery(spec, parsed, timeZone);
  if (parsed.format === "csv") return csvFile(source.filename, source.columns, allRows(source.base, spec, query), timeZone);
  const result = await listRows(source.base, spec, query);
  return { status: 200, body: { ...result, rows: source.toJson ? result.rows.map(source.toJson) : result.rows } };
}

/** An admin list declared as an endpoint: `GET path` (JSON, or ?format=csv), its query checked by the list's rules (400 per field). */
export function listEndpoint<O, A extends "staff" | "admin">(list: {
  path: string;
  access: A;
  spec: ListSpec;
  source: (deps: EndpointDeps, caller: Caller) => ListSource<O> | Promise<ListSource<O>>;
}) {
  return defineEndpoint({
    method: "GET",
    path: list.path,
    access: list.access,
    produces: "csv",
    alsoJson: true,
    input: listInput(list.spec),
    run: async ({ deps, caller }, parsed) => listAnswer(deps.db, list.spec, parsed, await list.source(deps, caller)),
  });
}
