import { defineFeature } from "~server/feature-manifest";
import { contactApi } from "./contact.api";

/** The contact form (decision 052). */
export const contactManifest = defineFeature({ name: "contact", routers: (deps) => [contactApi(deps)] });
