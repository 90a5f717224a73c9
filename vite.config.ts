import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/vite-precompress";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app"), "~server": path.resolve(import.meta.dirname, "server") } },
  build: { assetsInlineLimit: 0 },
  // The enhancement script of pages without React is bundled as a "worker" (app/root.tsx, decision
  // 055): an ES module, so what it loads later (Lenis) is a chunk of its own.
  worker: { format: "es" },
});
