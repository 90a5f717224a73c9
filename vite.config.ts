import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { defineConfig, transformWithEsbuild, type Plugin } from "vite";
import { precompressAssets } from "./scripts/vite-precompress";

/**
 * The browser build gets app/lib/phone-rule.browser.ts for app/lib/phone-rule.ts: libphonenumber's
 * metadata (about 24 KB brotli) stays on the server, whose check of a phone number is the one that
 * counts (decision 070). The server build, the server's own bundle (esbuild) and the tests keep the
 * real rule.
 */
function phoneRuleOnServerOnly(): Plugin {
  const browserRule = path.resolve(import.meta.dirname, "app/lib/phone-rule.browser.ts");
  return {
    name: "phone-rule-on-server-only",
    enforce: "pre",
    resolveId(source, importer, options) {
      const server = this.environment ? this.environment.config.consumer === "server" : options?.ssr;
      if (server || source !== "./phone-rule" || !importer?.endsWith(path.join("app", "lib", "validation.ts"))) return null;
      return browserRule;
    },
  };
}

/**
 * The booking page's island (decision 108) is a chunk of the enhancement script's bundle (a Vite
 * "worker" bundle, below): there, and only there, React Router, react-i18next and the app's toasts
 * are the island's small stand-ins (app/features/booking/island/). The app's own bundles and the
 * server never see this plugin.
 */
function bookingIslandShims(): Plugin {
  const island = path.resolve(import.meta.dirname, "app/features/booking/island");
  const toastModule = path.resolve(import.meta.dirname, "app/ui/toast");
  const shims: Record<string, string> = {
    "react-router": path.join(island, "router-shim.tsx"),
    "react-i18next": path.join(island, "i18n-shim.ts"),
  };
  return {
    name: "booking-island-shims",
    enforce: "pre",
    resolveId(source) {
      if (shims[source]) return shims[source];
      if (source === "~/ui/toast" || source === toastModule || source === `${toastModule}.ts`) return path.join(island, "toast-shim.ts");
      return null;
    },
  };
}

/**
 * The service worker (issue 45, decision 131): app/features/install/service-worker.ts compiled
 * into the client build as /sw.js (a fixed name: a worker's URL must not change), with its
 * BUILD_ID the hash of the build's file names, so every deploy that changes the site's code is a
 * new worker whose caches are new (the old ones are deleted when it takes over).
 */
function serviceWorker(): Plugin {
  const source = path.resolve(import.meta.dirname, "app/features/install/service-worker.ts");
  return {
    name: "service-worker",
    apply: "build",
    async generateBundle(_options, bundle) {
      if (this.environment?.config.consumer !== "client") return;
      const buildId = createHash("sha256").update(Object.keys(bundle).sort().join("\n")).digest("hex").slice(0, 16);
      const compiled = await transformWithEsbuild(readFileSync(source, "utf8"), source, { loader: "ts", format: "esm", target: "es2022", minify: true });
      this.emitFile({ type: "asset", fileName: "sw.js", source: compiled.code.replaceAll("__BUILD_ID__", buildId) });
    },
  };
}

export default defineConfig({
  plugins: [phoneRuleOnServerOnly(), tailwindcss(), reactRouter(), precompressAssets(), serviceWorker()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app"), "~server": path.resolve(import.meta.dirname, "server") } },
  build: { assetsInlineLimit: 0 },
  // The enhancement script of pages without React is bundled as a "worker" (app/root.tsx, decision
  // 055): an ES module, so what it loads later (Lenis) is a chunk of its own.
  // The booking island rides in that bundle, with its stand-ins and, as the app, the phone rule on the server only.
  worker: { format: "es", plugins: () => [phoneRuleOnServerOnly(), bookingIslandShims()] },
});
