import type { DB } from "~server/db/db";
import { getSiteSettings } from "~/features/site/site.server";
import type { SiteSettings } from "~/features/site/settings.schema";
import { isTimeZone } from "~/lib/time-zone";

/** The original site's zone, used when the setting is missing or not a zone this platform knows. */
const DEFAULT_TIME_ZONE = "Asia/Kolkata";

/** The academy's time zone (site setting `timeZone`) from settings already read, always one Intl accepts. */
export const timeZoneOf = ({ timeZone }: SiteSettings): string => (isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE);

/** The academy's time zone (site setting `timeZone`), always one Intl accepts. */
export async function academyTimeZone(db: DB): Promise<string> {
  return timeZoneOf(await getSiteSettings(db));
}
