/**
 * Streams an admin list as a CSV download (see csv.ts for the quoting rules):
 *
 *   await sendCsv(res, "contact-messages", [{ header: "E-mail", value: (r) => r.email }], rowsIterable, "Asia/Kolkata");
 *
 * Rows are written as they arrive, waiting when the client reads slowly, so a large export never
 * sits in memory. A UTF-8 byte order mark lets spreadsheet programs read Arabic text correctly.
 */
import { once } from "node:events";
import type { Response } from "express";
import { csvInstant, csvLine } from "~/features/admin-kit/list/csv";

export interface CsvColumn<R> {
  header: string;
  value: (row: R) => unknown;
  /** A stored instant: written in the academy's time zone, which the header names (issue 16). */
  instant?: true;
}

export async function sendCsv<R>(res: Response, filename: string, columns: CsvColumn<R>[], rows: AsyncIterable<R> | Iterable<R>, timeZone: string): Promise<void> {
  const safeName = filename.replace(/[^\w-]+/g, "-");
  const date = new Date().toISOString().slice(0, 10);
  res.status(200);
  res.setHeader("Content-Type", "text/csv; charset=utf-8");
  res.setHeader("Content-Disposition", `attachment; filename="${safeName}-${date}.csv"`);
  res.setHeader("Cache-Control", "no-store");
  res.write(`\uFEFF${csvLine(columns.map((column) => (column.instant ? `${column.header} (${timeZone})` : column.header)))}`);
  for await (const row of rows) {
    const cells = columns.map((column) => (column.instant ? csvInstant(column.value(row), timeZone) : column.value(row)));
    if (!res.write(csvLine(cells))) await once(res, "drain");
  }
  res.end();
}
