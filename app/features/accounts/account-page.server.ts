import type { AppLoadContext } from "react-router";
import type { Lang } from "~/i18n/lang";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { accountOverview } from "./account-space.server";
import { listDevices } from "./devices.server";
import { timetablePageData } from "~/features/timetable/timetable.api";

/**
 * Everything /account shows: the overview of GET /api/account, the signed-in devices, the academy's
 * zone, and the timetable with the calendar feed (GET /api/account/timetable).
 */
export async function accountPageData(context: AppLoadContext, userId: number, lang: Lang) {
  const timeZone = await academyTimeZone(context.db);
  const [overview, devices, timetable] = await Promise.all([
    accountOverview(context.db, userId, timeZone, lang, context.config.sessionSecret),
    listDevices(context.db, userId, context.sessionRef),
    timetablePageData(context, userId, lang),
  ]);
  return { ...overview, devices, timeZone, timetable };
}

export type AccountPageData = Awaited<ReturnType<typeof accountPageData>>;
