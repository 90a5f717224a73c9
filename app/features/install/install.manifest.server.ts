import { defineFeature } from "~server/feature-manifest";
import { installApi } from "./install.api";

/** The site as an installable app: its manifests in both languages (issue 45, decision 131); the service worker is built by vite.config.ts. */
export const installManifest = defineFeature({
  name: "install",
  routers: (deps) => [installApi(deps)],
});
