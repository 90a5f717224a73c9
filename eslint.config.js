import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Import boundaries (issue 14): aliases instead of climbing folders; server code reaches features
// only through the registry (server/features.ts); browser code never imports the server.
const parentFolders = { regex: "^\\.\\./", message: "Import through ~/ (app) or ~server/ (server) instead of ../" };
const features = { group: ["~/features/*"], message: "server/ reaches feature code only through ~server/features (the registry)." };
const serverCode = { group: ["~server/*"], allowTypeImports: true, message: "Only *.server.ts and *.api.ts modules may import server code; pages and components run in browsers." };
const featuresFromLib = { group: ["~/features/*"], allowTypeImports: true, message: "app/lib and app/i18n sit below the features: they must not import them." };
// Billing is one bounded context (decision 103): from outside it, only its two public modules.
// ESLint's own no-restricted-imports (not the typescript-eslint one the blocks above set), so this
// rule adds to theirs instead of replacing it for the files both match.
const billingDeep = {
  group: ["~/features/billing/**", "!~/features/billing/index", "!~/features/billing/index.server"],
  message: "Outside billing, import ~/features/billing (pages, components) or ~/features/billing/index.server (server code) (decision 103).",
};
const restrict = (...patterns) => ({ "@typescript-eslint/no-restricted-imports": ["error", { patterns }] });

export default tseslint.config(
  { ignores: ["build/", "build-e2e*/", "build-*/", "data-e2e/", ".react-router/", "data/", "node_modules/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      ...restrict(parentFolders),
    },
  },
  { files: ["server/**/*.ts"], ignores: ["server/features.ts", "server/**/*.test.ts", "server/test/**"], rules: restrict(parentFolders, features) },
  { files: ["app/**/*.{ts,tsx}"], ignores: ["app/**/*.server.ts", "app/**/*.api.ts", "app/**/*.test.{ts,tsx}", "app/load-context.ts"], rules: restrict(parentFolders, serverCode) },
  { files: ["app/lib/**/*.{ts,tsx}", "app/i18n/**/*.{ts,tsx}"], ignores: ["**/*.test.{ts,tsx}", "**/*.server.ts"], rules: restrict(parentFolders, serverCode, featuresFromLib) },
  { files: ["app/lib/**/*.server.ts"], ignores: ["**/*.test.{ts,tsx}"], rules: restrict(parentFolders, featuresFromLib) },
  // Tests may reach inside billing to check its parts.
  { files: ["**/*.{ts,tsx}"], ignores: ["app/features/billing/**", "**/*.test.{ts,tsx}", "tests/**"], rules: { "no-restricted-imports": ["error", { patterns: [billingDeep] }] } },
);
