import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/vite-precompress";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app"), "~server": path.resolve(import.meta.dirname, "server") } },
  build: { assetsInlineLimit: 0 },
});
