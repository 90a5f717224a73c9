import type { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";
import { v } from "~/lib/validation";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { csvFile } from "~/features/admin-kit/list/csv.server";
import { DIMENSIONS, academyToday, conversionBySource, defaultTerm, groupOccupancy, retentionReport, type RetentionFigure } from "./retention.server";
import { TERM_PATTERN } from "./terms";

/** The retention screen's query: the term whose children are followed into the next (the last whole term when absent). */
export const retentionQuerySchema = z.object({
  term: z.string({ error: v.invalid }).trim().max(7, v.invalid).regex(TERM_PATTERN, v.invalid).optional(),
});

/** The demo classes the conversion reads: the last twelve months, as the dashboard's funnel (decision 069). */
const CONVERSION_MONTHS = 12;

async function termAsked(db: EndpointDeps["db"], term: string | undefined) {
  const timeZone = await academyTimeZone(db);
  return { timeZone, term: term ?? defaultTerm(academyToday(timeZone)) };
}

/**
 * GET /api/admin/reports/retention?term=YYYY-Qn (staff): the whole retention screen (decision 136):
 * retention of the term's children into the next, by course, level, instructor and place, with the
 * trend of the terms before; fill rate and waitlist pressure of the current and upcoming groups;
 * demo → enrolment conversion by source over the last twelve months.
 */
export const retentionFigures = defineEndpoint({
  method: "GET",
  path: "/api/admin/reports/retention",
  access: "staff",
  input: retentionQuerySchema,
  async run({ deps: { db }, caller }, input) {
    const { timeZone, term } = await termAsked(db, input.term);
    const [retention, groups, conversion] = await Promise.all([
      retentionReport(db, term, caller.lang),
      groupOccupancy(db, caller.lang),
      conversionBySource(db, timeZone, caller.lang, CONVERSION_MONTHS),
    ]);
    return { status: 200, body: { timeZone, retention, groups, conversion, conversionMonths: CONVERSION_MONTHS } };
  },
});

/** A figure's name in the CSV: the record's own, else the screen's words for "none" and the places. */
const nameOf = (lang: Lang, dimension: string, figure: RetentionFigure) =>
  figure.label ?? serverT(lang, "retention", dimension === "place" ? `place.${figure.key}` : dimension === "all" ? "all" : `none.${dimension}`);

/** GET /api/admin/reports/retention.csv?term=YYYY-Qn (staff): the trend, then each breakdown of the term, one figure a line. */
export const retentionCsv = defineEndpoint({
  method: "GET",
  path: "/api/admin/reports/retention.csv",
  access: "staff",
  produces: "csv",
  input: retentionQuerySchema,
  async run({ deps: { db }, caller }, input) {
    const { timeZone, term } = await termAsked(db, input.term);
    const report = await retentionReport(db, term, caller.lang);
    const rows = [
      ...report.trend.map((figure) => ({ ...figure, dimension: "all" })),
      ...DIMENSIONS.flatMap((dimension) => report.by[dimension].map((figure) => ({ ...figure, term: report.term, next: report.next, dimension }))),
    ];
    return csvFile(
      `retention-${term}`,
      [
        { header: "term", value: (r) => r.term },
        { header: "next_term", value: (r) => r.next },
        { header: "by", value: (r) => r.dimension },
        { header: "key", value: (r) => r.key },
        { header: "name", value: (r) => nameOf(caller.lang, r.dimension, r) },
        { header: "children", value: (r) => r.children },
        { header: "returned", value: (r) => r.returned },
        { header: "retention_percent", value: (r) => r.rate },
      ],
      rows,
      timeZone,
    );
  },
});

/** GET /api/admin/reports/occupancy.csv (staff): fill rate and waitlist pressure of each current and upcoming group. */
export const occupancyCsv = defineEndpoint({
  method: "GET",
  path: "/api/admin/reports/occupancy.csv",
  access: "staff",
  produces: "csv",
  input: z.object({}),
  async run({ deps: { db }, caller }) {
    const groups = await groupOccupancy(db, caller.lang);
    return csvFile(
      "occupancy",
      [
        { header: "group", value: (g) => g.id },
        { header: "course", value: (g) => g.course },
        { header: "first_class", value: (g) => g.firstDate },
        { header: "start_time", value: (g) => g.startTime },
        { header: "instructor", value: (g) => g.instructor ?? "" },
        { header: "status", value: (g) => g.status },
        { header: "capacity", value: (g) => g.capacity },
        { header: "seats_taken", value: (g) => g.taken },
        { header: "fill_percent", value: (g) => g.fill },
        { header: "waiting", value: (g) => g.waiting },
        { header: "waiting_per_seat", value: (g) => g.pressure },
      ],
      groups,
      await academyTimeZone(db),
    );
  },
});

/** GET /api/admin/reports/conversion.csv (staff): demo → enrolment by source over the last twelve months. */
export const conversionCsv = defineEndpoint({
  method: "GET",
  path: "/api/admin/reports/conversion.csv",
  access: "staff",
  produces: "csv",
  input: z.object({}),
  async run({ deps: { db }, caller }) {
    const timeZone = await academyTimeZone(db);
    const rows = await conversionBySource(db, timeZone, caller.lang, CONVERSION_MONTHS);
    return csvFile(
      "demo-conversion",
      [
        { header: "source", value: (r) => r.source },
        { header: "booked", value: (r) => r.booked },
        { header: "attended", value: (r) => r.attended },
        { header: "enrolled", value: (r) => r.enrolled },
        { header: "conversion_percent", value: (r) => r.rate },
      ],
      rows,
      timeZone,
    );
  },
});

export const retentionEndpoints = [retentionFigures, retentionCsv, occupancyCsv, conversionCsv];

/** The retention and occupancy screen's reads (issue 44 item 4). */
export function retentionApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, retentionEndpoints);
}
