import type { z } from "zod";
import type { DB } from "~server/db/db";
import type { CsvColumn } from "~/features/admin-kit/list/csv.server";
import { listRows, parseListQuery, type AnySelect, type ListSpec } from "~/features/admin-kit/list/list-query.server";

/**
 * One admin collection (blogs, courses, teachers, products) declared once: the router factory
 * (collection-api.server.ts) and the list page loader read everything they need from it.
 */
export interface Collection<Row, Values, CreateValues = Values, Json = Row> {
  /** The URL segment: `/api/admin/{name}` for the API, `/admin/{name}` for the pages. */
  name: string;
  /** The shared zod schema of the editor, checked by POST and PUT. */
  schema: z.ZodType<Values>;
  list: {
    base: (db: DB) => AnySelect<Row>;
    spec: ListSpec;
    /** CSV download name (the date is added) and columns. */
    filename: string;
    columns: CsvColumn<Row>[];
    /** A row as the JSON answer and the list page show it (the row itself when absent). */
    toJson?: (row: Row) => Json;
  };
  /** The answer of GET /{id}, or undefined for an unknown id (404). */
  read: (db: DB, id: number) => Promise<object | undefined>;
  create: {
    /** Where POST goes, when not the collection's own path (the specification's teacher path). */
    path?: string;
    /** Its payload, when not the editor's schema. */
    schema?: z.ZodType<CreateValues>;
    /** The admin-content message key of the 201 answer ("api.saved" when absent). */
    message?: string;
    save: (db: DB, input: CreateValues, userId: number) => Promise<SavedRecord>;
  };
  /** Saves an existing record; undefined when there is none (404). */
  update: (db: DB, id: number, input: Values, userId: number) => Promise<SavedRecord | undefined>;
  /** Deletes a record (and what hangs on it); false when there was none (404). */
  remove: (db: DB, id: number, userId: number) => Promise<boolean>;
  /**
   * Records that a delete would touch (a course's demo bookings): when there are some, DELETE is
   * refused with 409 `{ message, [field]: count }` unless `?confirm=1`.
   */
  confirmDelete?: { count: (db: DB, id: number) => Promise<number>; field: string; message: string };
  /**
   * Records that forbid a delete outright (a course's live enrolments, whose families would not be
   * told): when there are some, DELETE is refused with 409 `{ message, [field]: count }`, confirmed or not.
   */
  refuseDelete?: { count: (db: DB, id: number) => Promise<number>; field: string; message: string };
}

/** Thrown inside a delete's transaction when refuseDelete finds records after all (a write that came in between). */
export class DeleteRefusedError extends Error {
  constructor(readonly count: number) {
    super("delete refused");
  }
}

/** What a save answers besides its message. */
export interface SavedRecord {
  id: number;
  slug?: string;
}

/** Another record already holds this unique value (a slug, a course key): the answer is 409 on that field. */
export class TakenError extends Error {
  constructor(readonly field: string) {
    super(`${field} taken`);
  }
}

/** Keeps the declaration's types tied together (rows, values, JSON rows) while writing it. */
export const defineCollection = <Row, Values, CreateValues = Values, Json = Row>(collection: Collection<Row, Values, CreateValues, Json>) => collection;

/** The list page's loader data: the query as understood (bad values fall back) and one page of rows. */
export async function loadCollectionList<Row, Json>(collection: { list: Collection<Row, unknown, unknown, Json>["list"] }, db: DB, url: string) {
  const { base, spec, toJson } = collection.list;
  const query = parseListQuery(spec, new URL(url).searchParams);
  const result = await listRows(base(db), spec, query);
  const rows = toJson ? result.rows.map(toJson) : (result.rows as unknown as Json[]);
  return { query, result: { ...result, rows } };
}
