/**
 * Streams an admin list as a CSV download (see csv.ts for the quoting rules):
 *
 *   await sendCsv(res, "contact-messages", [{ header: "E-mail", value: (r) => r.email }], rowsIterable, "Asia/Kolkata");
 *
 * Rows are written as they arrive, waiting when the client reads slowly, so a large export never
 * sits in memory. A UTF-8 byte order mark lets spreadsheet programs read Arabic text correctly.
 */
import type { Response } from "express";
import { csvInstant, csvLine } from "~/features/admin-kit/list/csv";
import { fileAnswer, sendAnswer, type FileAnswer } from "~server/http/endpoint";

export interface CsvColumn<R> {
  header: string;
  value: (row: R) => unknown;
  /** A stored instant: written in the academy's time zone, which the header names (issue 16). */
  instant?: true;
}

export async function sendCsv<R>(
  res: Response,
  filename: string,
  columns: CsvColumn<R>[],
  rows: AsyncIterable<R> | Iterable<R>,
  timeZone: string,
): Promise<void> {
  await sendAnswer(res, csvFile(filename, columns, rows, timeZone));
}

/** The same download as an endpoint's file answer (`produces: "csv"`): streamed, dated, no-store. */
export function csvFile<R>(filename: string, columns: CsvColumn<R>[], rows: AsyncIterable<R> | Iterable<R>, timeZone: string): FileAnswer {
  const safeName = filename.replace(/[^\w-]+/g, "-");
  const date = new Date().toISOString().slice(0, 10);
  async function* lines() {
    yield `\uFEFF${csvLine(columns.map((column) => (column.instant ? `${column.header} (${timeZone})` : column.header)))}`;
    for await (const row of rows) yield csvLine(columns.map((column) => (column.instant ? csvInstant(column.value(row), timeZone) : column.value(row))));
  }
  return fileAnswer("csv", lines(), { filename: `${safeName}-${date}.csv` });
}
