import { defineFeature } from "~server/feature-manifest";
import { accountSpaceApi } from "./account-space.api";
import { accountsApi } from "./accounts.api";
import { devicesApi } from "./devices.api";
import { emailProofApi } from "./email-proof.api";
import { EMAIL_PROOF_MAIL, emailProofMail } from "./email-proof.server";
import { PASSWORD_LINK_MAIL, passwordLinkMail } from "./password-reset.server";
import { STAFF_INVITE_MAIL, staffInviteMail } from "./staff-invite.server";
import { CODES_LOCKED_MAIL, codesLockedMail } from "./security/code-guard.server";

/** Accounts: sign-up, sign-in, passwords, second factors, the account's own space and devices (decision 052). */
export const accountsManifest = defineFeature({
  name: "accounts",
  routers: (deps) => [accountsApi(deps), accountSpaceApi(deps), devicesApi(deps), emailProofApi(deps)],
  mailTemplates: { [PASSWORD_LINK_MAIL]: passwordLinkMail, [STAFF_INVITE_MAIL]: staffInviteMail, [CODES_LOCKED_MAIL]: codesLockedMail, [EMAIL_PROOF_MAIL]: emailProofMail },
});
