import { defineFeature } from "~server/feature-manifest";
import { moneyApi } from "./money.api";

/** The family's invoices in /account and the staff dashboard's money view (issue 31, decision 093). */
export const moneyManifest = defineFeature({
  name: "money",
  routers: (deps) => [moneyApi(deps)],
});
