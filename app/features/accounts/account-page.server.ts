import type { AppLoadContext } from "react-router";
import type { Lang } from "~/i18n/lang";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { accountOverview } from "./account-space.server";
import { listDevices } from "./devices.server";

/** Everything /account shows: the overview of GET /api/account, the signed-in devices and the academy's zone. */
export async function accountPageData(context: AppLoadContext, userId: number, lang: Lang) {
  const timeZone = await academyTimeZone(context.db);
  const [overview, devices] = await Promise.all([accountOverview(context.db, userId, timeZone, lang, context.config.sessionSecret), listDevices(context.db, userId, context.sessionRef)]);
  return { ...overview, devices, timeZone };
}

export type AccountPageData = Awaited<ReturnType<typeof accountPageData>>;
