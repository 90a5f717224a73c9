import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * app/kernel sits below the features like app/lib (decision 146): what many features share may
 * import no feature, so no feature cycle can pass through it unseen by check-import-cycles.ts,
 * whose feature graph only joins features. Run on planted files.
 */
describe("the kernel layer (eslint.config.js)", () => {
  const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "..") });
  const refusals = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: file });
    return result!.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.line);
  };
  const planted = [
    `import { academyTimeZone } from "~/features/site/academy-zone.server";`,
    `import type { SiteSettings } from "~/features/site/settings.schema";`,
    `import { MAX_RECORD_ID } from "~/lib/record-id";`,
    `import { mac } from "~server/security/signed";`,
    `export const all = [academyTimeZone, MAX_RECORD_ID, mac] as unknown as SiteSettings;`,
  ].join("\n");

  it("refuses a feature import in kernel modules, and server code in the browser's", async () => {
    expect(await refusals("app/kernel/planted.server.ts", planted)).toEqual([1]);
    expect(await refusals("app/kernel/planted.ts", planted)).toEqual([1, 4]);
  }, 60_000);

  it("lets features and the kernel's tests import both", async () => {
    expect(await refusals("app/features/sections/planted.server.ts", planted)).toEqual([]);
    expect(await refusals("app/kernel/planted.test.ts", planted)).toEqual([]);
  }, 60_000);
});
