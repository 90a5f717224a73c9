import { existsSync, readFileSync } from "node:fs";
import { URL } from "node:url";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// A *.suite.ts is a test suite several test files run, each its part (so the parts take both workers,
// decision 147): it is test code, under the rules of *.test.ts.
// Import boundaries (issue 14): aliases instead of climbing folders; server code reaches features
// only through the registry (server/features.ts); browser code never imports the server.
const parentFolders = { regex: "^\\.\\./", message: "Import through ~/ (app) or ~server/ (server) instead of ../" };
const features = { group: ["~/features/*"], message: "server/ reaches feature code only through ~server/features (the registry)." };
const serverCode = {
  group: ["~server/*"],
  allowTypeImports: true,
  message: "Only *.server.ts and *.api.ts modules may import server code; pages and components run in browsers.",
};
const featuresFromLib = {
  group: ["~/features/*"],
  allowTypeImports: true,
  message: "app/lib, app/i18n and app/kernel sit below the features: they must not import them (decision 146).",
};
// Billing is one bounded context (decision 103): from outside it, only its public modules: its
// pages' and its server's, and its query module (decision 153), which the features billing imports
// call without a cycle.
// ESLint's own no-restricted-imports (not the typescript-eslint one the blocks above set), so this
// rule adds to theirs instead of replacing it for the files both match.
const billingDeep = {
  group: ["~/features/billing/**", "!~/features/billing/index", "!~/features/billing/index.server", "!~/features/billing/queries.server"],
  message:
    "Outside billing, import ~/features/billing (pages, components), ~/features/billing/index.server (server code) or ~/features/billing/queries.server (reads of its tables) (decision 103).",
};
const restrict = (...patterns) => ({ "@typescript-eslint/no-restricted-imports": ["error", { patterns }] });

// One way to mount a route (issue 41, decision 122): a defineEndpoint served by jsonRoutes
// (server/http/endpoint.ts). An Express route written by hand (`router.get(...)`, `app.post(...)`,
// any `.get("/path", ...)`) is refused outside server/http/, except in the files below. The list is
// empty (decision 126): what stays hand-written is operations in server/http (health, metrics, the
// OpenAPI document). A file listed here that holds no hand-written route fails the lint run.
const handWrittenRouteFiles = [
  // Empty since decision 126: every route outside server/http is a defineEndpoint. A file added
  // here must say why in review; the check below still fails on an entry that holds no route.
];
const ROUTE_METHOD = "/^(get|post|put|patch|delete)$/";
const handWrittenRoute = "Mount routes with defineEndpoint and jsonRoutes (server/http/endpoint.ts, decision 122), not a hand-written Express handler.";
const stillHandWritten = /\b(router|app|api)\.(get|post|put|patch|delete)\(/;
const here = (file) => new URL(file, import.meta.url);
const staleEntries = handWrittenRouteFiles.filter((file) => !existsSync(here(file)) || !stillHandWritten.test(readFileSync(here(file), "utf8")));
if (staleEntries.length > 0)
  throw new Error(`eslint.config.js: take these files off handWrittenRouteFiles, they hold no hand-written route now: ${staleEntries.join(", ")}`);

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
  {
    files: ["server/**/*.ts"],
    ignores: ["server/features.ts", "server/**/*.test.ts", "server/**/*.suite.ts", "server/test/**"],
    rules: restrict(parentFolders, features),
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/**/*.api.ts", "app/**/*.test.{ts,tsx}", "app/**/*.suite.ts", "app/load-context.ts"],
    rules: restrict(parentFolders, serverCode),
  },
  {
    files: ["app/lib/**/*.{ts,tsx}", "app/i18n/**/*.{ts,tsx}", "app/kernel/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "**/*.suite.ts", "**/*.server.ts"],
    rules: restrict(parentFolders, serverCode, featuresFromLib),
  },
  {
    files: ["app/lib/**/*.server.ts", "app/kernel/**/*.server.ts"],
    ignores: ["**/*.test.{ts,tsx}", "**/*.suite.ts"],
    rules: restrict(parentFolders, featuresFromLib),
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["server/http/**", "server/test/**", "**/*.test.{ts,tsx}", "**/*.suite.ts", ...handWrittenRouteFiles],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: `CallExpression[callee.object.name=/^(router|app|api)$/][callee.property.name=${ROUTE_METHOD}]`, message: handWrittenRoute },
        { selector: `CallExpression[callee.property.name=${ROUTE_METHOD}][arguments.0.value=/^\\//]`, message: handWrittenRoute },
        { selector: `CallExpression[callee.property.name=${ROUTE_METHOD}][arguments.0.quasis.0.value.raw=/^\\//]`, message: handWrittenRoute },
      ],
    },
  },
  // Route modules a person reads in one sitting (issue 41): components go to sibling files, queries to *.server.ts.
  { files: ["app/**/*.route.tsx"], rules: { "max-lines": ["error", { max: 275 }] } },
  // Tests may reach inside billing to check its parts.
  {
    files: ["**/*.{ts,tsx}"],
    ignores: ["app/features/billing/**", "**/*.test.{ts,tsx}", "**/*.suite.ts", "tests/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [billingDeep] }] },
  },
);
