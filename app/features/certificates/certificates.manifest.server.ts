import { defineFeature } from "~server/feature-manifest";
import { jsonRoutes } from "~server/http/endpoint";
import { certificatesApi } from "./certificates.api";
import { campCertificateEndpoints } from "./camp-certificates.api";
import { owns } from "./tables";

/** Certificates of completion (issue 30 part 5, decision 080): issue, revoke, the PDF and the public check, for course groups and the summer camp (decision 089). */
export const certificatesManifest = defineFeature({
  name: "certificates",
  owns,
  routers: (deps) => [certificatesApi(deps), jsonRoutes(deps, campCertificateEndpoints)],
});
