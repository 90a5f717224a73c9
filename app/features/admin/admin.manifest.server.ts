import { defineFeature } from "~server/feature-manifest";
import { auditApi } from "./audit/audit.api";
import { retentionApi } from "./retention/retention.api";
import { settingsApi } from "./settings/settings.api";
import { staffNoticeMail } from "~/features/admin-kit/staff-notice.server";
import { submissionsApi } from "./submissions/submissions.api";
import { usersApi } from "./users/users.api";
import { owns } from "./tables";

/** The staff area's own screens: submissions, users, settings, the audit log and the retention figures (decision 052). */
export const adminManifest = defineFeature({
  name: "admin",
  owns,
  routers: (deps) => [submissionsApi(deps), usersApi(deps), settingsApi(deps), auditApi(deps), retentionApi(deps)],
  mails: [staffNoticeMail],
});
