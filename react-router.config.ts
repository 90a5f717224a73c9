import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The e2e run builds into its own folder so it never disturbs a running `npm start`.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
