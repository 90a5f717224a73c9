import { defineFeature } from "~server/feature-manifest";
import { contactApi } from "./contact.api";
import { owns } from "./tables";

/** The contact form (decision 052). */
export const contactManifest = defineFeature({ name: "contact", owns, routers: (deps) => [contactApi(deps)] });
