import { defineFeature } from "~server/feature-manifest";
import { discountsApi } from "./discounts.api";
import { promoReleaseSubscriber } from "./promo-release.server";

/** Discounts (issue 31 part 5): promo codes, the sibling discount and early-booking prices (decision 087). */
export const discountsManifest = defineFeature({
  name: "discounts",
  routers: (deps) => [discountsApi(deps)],
  subscribers: [promoReleaseSubscriber],
});
