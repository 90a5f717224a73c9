import { familyEndpoint } from "~/features/family/account-owner.server";
import type { Router } from "express";
import { z } from "zod";
import type { Lang } from "~/i18n/lang";
import { localizePath } from "~/i18n/lang";
import { pickPair } from "~/i18n/localized";
import { defineEndpoint, fileAnswer, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { byCallerAccount, spendBudget, type LimitSpec } from "~server/security/rate-limit";
import { getSiteSettings } from "~/features/site/site.server";
import { academyTimeZone, timeZoneOf } from "~/features/site/academy-zone.server";
import { formatZoneLabel } from "~/kernel/slot-format";
import { buildFeed, type FeedWords } from "./feed-ics";
import { currentFeed, familyTimetable, feedByToken, feedEvents, renewFeed, revokeFeed } from "./timetable.server";

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "timetable", key, values);

/** The account's own (as every /api/account endpoint): 401 with the accounts' words when signed out. */
const OWN_ACCOUNT = { access: "signed-in", signedOut: { ns: "accounts", key: "api.notSignedIn" } } as const;
const perAccount = (name: string, limit: number, windowMs: number): LimitSpec => ({ name, limit, windowMs, keyBy: byCallerAccount });

/**
 * POST /api/account/calendar-feed: the family's private calendar URL, made now, or a new one in
 * place of the old (which stops working at once). The URL is answered here and shown on /account;
 * the database keeps only its token's hash and a seed that needs SESSION_SECRET (decision 068).
 */
export const renewCalendarFeed = familyEndpoint("see", {
  method: "POST",
  path: "/api/account/calendar-feed",
  ...OWN_ACCOUNT,
  noBody: true,
  limits: [perAccount("calendar-feed-renew", 10, 10 * 60_000)],
  input: z.object({}),
  async run({ deps: { db, config }, caller }) {
    const { link, replaced } = await renewFeed(db, caller.user.id, caller.lang, config.sessionSecret, config.publicUrl);
    return { status: replaced ? 200 : 201, body: { message: say(caller.lang, replaced ? "api.renewed" : "api.created"), url: link.url, webcal: link.webcal } };
  },
});

/** DELETE /api/account/calendar-feed: the URL stops working; 404 when the account had none. */
export const revokeCalendarFeed = familyEndpoint("see", {
  method: "DELETE",
  path: "/api/account/calendar-feed",
  ...OWN_ACCOUNT,
  limits: [perAccount("calendar-feed-revoke", 10, 10 * 60_000)],
  input: z.object({}),
  async run({ deps: { db }, caller }) {
    if (!(await revokeFeed(db, caller.user.id))) throw new HttpError(404, say(caller.lang, "api.none"));
    return { status: 200, body: { message: say(caller.lang, "api.revoked") } };
  },
});

export const timetableWrites = [renewCalendarFeed, revokeCalendarFeed];

/** The feed's words in its language. */
function feedWords(lang: Lang): FeedWords {
  return {
    name: say(lang, "feed.name"),
    meeting: (event) => say(lang, "feed.meeting", { course: event.course, child: event.child, n: event.n, count: event.count }),
    demo: (event) => say(lang, "feed.demo", { course: event.course, child: event.child }),
    cancelled: (summary) => say(lang, "feed.cancelled", { summary }),
    description: (event) =>
      [
        say(lang, event.kind === "demo" ? "feed.demoFor" : "feed.classFor", { child: event.child }),
        event.code ? `${say(lang, "feed.code")}: ${event.code}` : "",
        event.url,
      ]
        .filter(Boolean)
        .join("\n"),
  };
}

/** A feed's token from its path part: the token, with or without the ".ics" calendar apps like to see. */
const tokenOf = (part: string) => part.replace(/\.ics$/i, "");

/** Feed polls per feed and hour: calendar apps poll every few hours; this only stops a runaway client. */
const FEED_POLLS = { limit: 120, windowMs: 60 * 60_000 };

/**
 * GET /api/calendar-feeds/{token}.ics: the family's private feed, for calendar apps (no session).
 * Unknown, revoked and ended feeds answer alike; the URL's token is in no log (server/logger.ts).
 * Each feed has its own hourly budget of polls (429 with Retry-After past it), in its own language.
 */
export const calendarFeed = defineEndpoint({
  method: "GET",
  path: "/api/calendar-feeds/:token",
  access: "anyone",
  produces: "calendar",
  params: z.object({ token: z.string() }),
  input: z.object({}),
  async run({ deps, caller, params }) {
    const { db, config } = deps;
    const feed = await feedByToken(db, tokenOf(params.token));
    if (!feed) throw new HttpError(404, say(caller.lang, "api.feedNotFound"));
    if (!(await spendBudget(deps, { name: "calendar-feed-poll", key: String(feed.id), ...FEED_POLLS }))) {
      return { status: 429, body: { message: serverT(feed.lang, "validation", "tooManyRequests") }, headers: { "Retry-After": "3600" } };
    }
    const settings = await getSiteSettings(db);
    const lang = feed.lang;
    const events = await feedEvents(db, feed.userId, lang, {
      publicUrl: config.publicUrl,
      address: pickPair(settings.address, lang),
      coursePath: (slug) => localizePath(`/courses/${encodeURIComponent(slug)}`, lang),
    });
    return fileAnswer("calendar", buildFeed(events, feedWords(lang)), {
      filename: "stem-academy-timetable.ics",
      inline: true,
      cacheControl: "private, no-store",
      headers: { "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" },
    });
  },
});

/** GET /api/account/timetable: the family's timetable (each child's meetings) and the calendar feed's link. */
export const ownTimetable = familyEndpoint("see", {
  method: "GET",
  path: "/api/account/timetable",
  signedOut: { ns: "accounts", key: "api.notSignedIn" },
  input: z.object({}),
  async run({ deps: { db, config }, caller: { lang, user } }) {
    const timeZone = timeZoneOf(await getSiteSettings(db));
    const children = await familyTimetable(db, user.id, timeZone, lang, config.sessionSecret);
    const feed = await currentFeed(db, user.id, config.sessionSecret, config.publicUrl);
    return { status: 200, body: { timeZone, zone: formatZoneLabel(new Date(), timeZone, lang), children, feed } };
  },
});

/** The timetable and feed API: the feed, the account's timetable, and the account's feed writes. */
export function timetableApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, [calendarFeed, ownTimetable, ...timetableWrites]);
}

/** What /account shows of the timetable: each child's meetings and the feed's URL (or null). */
export async function timetablePageData(deps: Pick<EndpointDeps, "db" | "config">, userId: number, lang: Lang) {
  const timeZone = await academyTimeZone(deps.db);
  const [children, feed] = await Promise.all([
    familyTimetable(deps.db, userId, timeZone, lang, deps.config.sessionSecret),
    currentFeed(deps.db, userId, deps.config.sessionSecret, deps.config.publicUrl),
  ]);
  return { children, feed, zone: formatZoneLabel(new Date(), timeZone, lang) };
}
export type TimetablePageData = Awaited<ReturnType<typeof timetablePageData>>;
