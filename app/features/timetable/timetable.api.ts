import { Router, type RequestHandler } from "express";
import { z } from "zod";
import type { Lang } from "~/i18n/lang";
import { localizePath } from "~/i18n/lang";
import { pickPair } from "~/i18n/localized";
import { defineEndpoint, jsonRoutes, type Caller, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { requestLang, serverT } from "~server/i18n";
import { byCallerAccount, spendBudget, type LimitSpec } from "~server/security/rate-limit";
import type { SessionUser } from "~server/security/session";
import { getSiteSettings } from "~/features/site/site.server";
import { academyTimeZone, timeZoneOf } from "~/features/site/academy-zone.server";
import { formatZoneLabel } from "~/features/booking/slot-format";
import { buildFeed, type FeedWords } from "./feed-ics";
import { currentFeed, familyTimetable, feedByToken, feedEvents, renewFeed, revokeFeed } from "./timetable.server";

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "timetable", key, values);
const accountOf = (caller: Caller) => caller.user as SessionUser;

/** The account's own (as every /api/account endpoint): 401 with the accounts' words when signed out. */
const OWN_ACCOUNT = { access: "signed-in", signedOut: { ns: "accounts", key: "api.notSignedIn" } } as const;
const perAccount = (name: string, limit: number, windowMs: number): LimitSpec => ({ name, limit, windowMs, keyBy: byCallerAccount });

/**
 * POST /api/account/calendar-feed: the family's private calendar URL, made now, or a new one in
 * place of the old (which stops working at once). The URL is answered here and shown on /account;
 * the database keeps only its token's hash and a seed that needs SESSION_SECRET (decision 068).
 */
export const renewCalendarFeed = defineEndpoint({
  method: "POST",
  path: "/api/account/calendar-feed",
  ...OWN_ACCOUNT,
  noBody: true,
  limits: [perAccount("calendar-feed-renew", 10, 10 * 60_000)],
  input: z.object({}),
  async run({ deps: { db, config }, caller }) {
    const { link, replaced } = await renewFeed(db, accountOf(caller).id, caller.lang, config.sessionSecret, config.publicUrl);
    return { status: replaced ? 200 : 201, body: { message: say(caller.lang, replaced ? "api.renewed" : "api.created"), url: link.url, webcal: link.webcal } };
  },
});

/** DELETE /api/account/calendar-feed: the URL stops working; 404 when the account had none. */
export const revokeCalendarFeed = defineEndpoint({
  method: "DELETE",
  path: "/api/account/calendar-feed",
  ...OWN_ACCOUNT,
  limits: [perAccount("calendar-feed-revoke", 10, 10 * 60_000)],
  input: z.object({}),
  async run({ deps: { db }, caller }) {
    if (!(await revokeFeed(db, accountOf(caller).id))) throw new HttpError(404, say(caller.lang, "api.none"));
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
    description: (event) => [say(lang, event.kind === "demo" ? "feed.demoFor" : "feed.classFor", { child: event.child }), event.code ? `${say(lang, "feed.code")}: ${event.code}` : "", event.url].filter(Boolean).join("\n"),
  };
}

/** A feed's token from its path part: the token, with or without the ".ics" calendar apps like to see. */
const tokenOf = (part: string) => part.replace(/\.ics$/i, "");

/** Feed polls per feed and hour: calendar apps poll every few hours; this only stops a runaway client. */
const FEED_POLLS = { limit: 120, windowMs: 60 * 60_000 };

/**
 * The timetable and feed API: GET /api/calendar-feeds/{token}.ics (the feed, for calendar apps,
 * no session), GET /api/account/timetable, and the account's feed writes.
 */
export function timetableApi(deps: EndpointDeps): Router {
  const { db, config } = deps;
  const router = Router();
  const signedIn: RequestHandler = (req, res, next) => {
    if (!res.locals.user) {
      res.status(401).json({ message: serverT(requestLang(req), "accounts", "api.notSignedIn") });
      return;
    }
    next();
  };

  router.get("/api/calendar-feeds/:token", async (req, res) => {
    // Unknown, revoked and ended feeds answer alike; the URL's token is in no log (server/logger.ts).
    const feed = await feedByToken(db, tokenOf(req.params.token));
    if (!feed) {
      res.status(404).json({ message: say(requestLang(req), "api.feedNotFound") });
      return;
    }
    if (!(await spendBudget(deps, { name: "calendar-feed-poll", key: String(feed.id), ...FEED_POLLS }))) {
      res.status(429).set("Retry-After", "3600").json({ message: serverT(feed.lang, "validation", "tooManyRequests") });
      return;
    }
    const settings = await getSiteSettings(db);
    const lang = feed.lang;
    const events = await feedEvents(db, feed.userId, lang, {
      publicUrl: config.publicUrl,
      address: pickPair(settings.address, lang),
      coursePath: (slug) => localizePath(`/courses/${encodeURIComponent(slug)}`, lang),
    });
    res
      .status(200)
      .set("Cache-Control", "private, no-store")
      .set("X-Robots-Tag", "noindex")
      .set("Referrer-Policy", "no-referrer")
      .set("Content-Disposition", 'inline; filename="stem-academy-timetable.ics"')
      .type("text/calendar; charset=utf-8")
      .send(buildFeed(events, feedWords(lang)));
  });

  router.get("/api/account/timetable", signedIn, async (req, res) => {
    const lang = requestLang(req);
    const user = res.locals.user as SessionUser;
    const timeZone = timeZoneOf(await getSiteSettings(db));
    const children = await familyTimetable(db, user.id, timeZone, lang, config.sessionSecret);
    const feed = await currentFeed(db, user.id, config.sessionSecret, config.publicUrl);
    res.set("Cache-Control", "private, no-store").json({ timeZone, zone: formatZoneLabel(new Date(), timeZone, lang), children, feed });
  });

  router.use(jsonRoutes(deps, timetableWrites));
  return router;
}

/** What /account shows of the timetable: each child's meetings and the feed's URL (or null). */
export async function timetablePageData(deps: Pick<EndpointDeps, "db" | "config">, userId: number, lang: Lang) {
  const timeZone = await academyTimeZone(deps.db);
  const [children, feed] = await Promise.all([familyTimetable(deps.db, userId, timeZone, lang, deps.config.sessionSecret), currentFeed(deps.db, userId, deps.config.sessionSecret, deps.config.publicUrl)]);
  return { children, feed, zone: formatZoneLabel(new Date(), timeZone, lang) };
}
export type TimetablePageData = Awaited<ReturnType<typeof timetablePageData>>;
