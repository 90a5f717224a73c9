import { defineFeature } from "~server/feature-manifest";
import { auditApi } from "./audit/audit.api";
import { settingsApi } from "./settings/settings.api";
import { staffNoticeMail } from "~/features/admin-kit/staff-notice.server";
import { submissionsApi } from "./submissions/submissions.api";
import { usersApi } from "./users/users.api";

/** The staff area's own screens: submissions, users, settings and the audit log (decision 052). */
export const adminManifest = defineFeature({
  name: "admin",
  routers: (deps) => [submissionsApi(deps), usersApi(deps), settingsApi(deps), auditApi(deps)],
  mails: [staffNoticeMail],
});
