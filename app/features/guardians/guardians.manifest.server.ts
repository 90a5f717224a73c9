import { defineFeature } from "~server/feature-manifest";
import { guardiansApi } from "./guardians.api";
import { guardianInviteMail } from "./guardians.server";
import { owns } from "./tables";

/** Guardians of a family with their own roles (issue 45 item 3, decision 139): invitations, the list, removal, the pickup card. */
export const guardiansManifest = defineFeature({
  name: "guardians",
  owns,
  routers: (deps) => [guardiansApi(deps)],
  mails: [guardianInviteMail],
});
