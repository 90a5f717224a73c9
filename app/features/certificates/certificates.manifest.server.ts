import { defineFeature } from "~server/feature-manifest";
import { certificatesApi } from "./certificates.api";

/** Certificates of completion (issue 30 part 5, decision 080): issue, revoke, the PDF and the public check. */
export const certificatesManifest = defineFeature({
  name: "certificates",
  routers: (deps) => [certificatesApi(deps)],
});
