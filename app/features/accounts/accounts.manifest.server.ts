import { defineFeature } from "~server/feature-manifest";
import { accountSpaceApi } from "./account-space.api";
import { accountsApi } from "./accounts.api";
import { devicesApi } from "./devices.api";
import { emailProofApi } from "./email-proof.api";
import { emailProofMail } from "./email-proof.server";
import { passwordLinkMail } from "./password-reset.server";
import { staffInviteMail } from "./staff-invite.server";
import { codesLockedMail } from "./security/code-guard.server";
import { purgeSpentLinks } from "./purge.server";
import { owns } from "./tables";

/** Accounts: sign-up, sign-in, passwords, second factors, the account's own space and devices (decision 052). */
export const accountsManifest = defineFeature({
  name: "accounts",
  routers: (deps) => [accountsApi(deps), accountSpaceApi(deps), devicesApi(deps), emailProofApi(deps)],
  mails: [passwordLinkMail, staffInviteMail, codesLockedMail, emailProofMail],
  purge: purgeSpentLinks,
  owns,
});
