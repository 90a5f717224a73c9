import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
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

export default defineConfig({
  plugins: [phoneRuleOnServerOnly(), tailwindcss(), reactRouter(), precompressAssets()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app"), "~server": path.resolve(import.meta.dirname, "server") } },
  build: { assetsInlineLimit: 0 },
  // The enhancement script of pages without React is bundled as a "worker" (app/root.tsx, decision
  // 055): an ES module, so what it loads later (Lenis) is a chunk of its own.
  worker: { format: "es" },
});
