import type { Router } from "express";
import { blogAdminApi } from "../app/features/admin-content/blog-admin.api";
import { courseAdminApi } from "../app/features/admin-content/course-admin.api";
import { productAdminApi } from "../app/features/admin-content/product-admin.api";
import { teacherAdminApi } from "../app/features/admin-content/teacher-admin.api";
import { uploadsApi } from "../app/features/admin-content/uploads.api";
import { accountsApi } from "../app/features/accounts/accounts.api";
import { campApi } from "../app/features/camp/camp.api";
import { blogApi } from "../app/features/blog/blog.api";
import { bookingApi } from "../app/features/booking/booking.api";
import { slotsAdminApi } from "../app/features/booking/slots-admin.api";
import { contactApi } from "../app/features/contact/contact.api";
import { coursesApi } from "../app/features/courses/courses.api";
import { schoolApi } from "../app/features/school/school.api";
import { seoApi } from "../app/features/seo/seo.api";
import { submissionsApi } from "../app/features/admin/submissions/submissions.api";
import { usersApi } from "../app/features/admin/users/users.api";
import { settingsApi } from "../app/features/admin/settings/settings.api";
import { auditApi } from "../app/features/admin/audit/audit.api";
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
  return [accountsApi(deps), coursesApi(deps), contactApi(deps), schoolApi(deps), bookingApi(deps), slotsAdminApi(deps), campApi(deps), uploadsApi(deps), blogAdminApi(deps), courseAdminApi(deps), teacherAdminApi(deps), productAdminApi(deps), blogApi(deps), seoApi(deps), submissionsApi(deps), usersApi(deps), settingsApi(deps), auditApi(deps)];
}
