import type { Router } from "express";
import { adminCollectionsApi } from "~/features/admin-content/collections.api";
import { uploadsApi } from "~/features/admin-content/uploads.api";
import { accountsApi } from "~/features/accounts/accounts.api";
import { campApi } from "~/features/camp/camp.api";
import { blogApi } from "~/features/blog/blog.api";
import { bookingApi } from "~/features/booking/booking.api";
import { slotsAdminApi } from "~/features/booking/slots-admin.api";
import { contactApi } from "~/features/contact/contact.api";
import { coursesApi } from "~/features/courses/courses.api";
import { schoolApi } from "~/features/school/school.api";
import { seoApi } from "~/features/seo/seo.api";
import { submissionsApi } from "~/features/admin/submissions/submissions.api";
import { usersApi } from "~/features/admin/users/users.api";
import { settingsApi } from "~/features/admin/settings/settings.api";
import { auditApi } from "~/features/admin/audit/audit.api";
import type { Config } from "./config";
import type { DB } from "./db/db";
import type { Logger } from "./logger";

export interface ApiDeps {
  config: Config;
  db: DB;
  logger: Logger;
}

/** Every feature's JSON API router, mounted in this order by server/app.ts. */
export function apiRouters(deps: ApiDeps): Router[] {
  return [accountsApi(deps), coursesApi(deps), contactApi(deps), schoolApi(deps), bookingApi(deps), slotsAdminApi(deps), campApi(deps), uploadsApi(deps), adminCollectionsApi(deps), blogApi(deps), seoApi(deps), submissionsApi(deps), usersApi(deps), settingsApi(deps), auditApi(deps)];
}
