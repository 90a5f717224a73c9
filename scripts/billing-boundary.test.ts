import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** The lint that keeps billing one bounded context (decision 103), run on planted files: its three public modules pass (the query module since decision 153). */
describe("billing's public modules (eslint.config.js)", () => {
  const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "..") });
  const refusals = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: file });
    return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.line);
  };
  const planted = [
    `import { PriceSummary } from "~/features/billing/discounts/PriceSummary";`,
    `import type { QuoteView } from "~/features/billing/discounts/quote-view";`,
    `import { priceEnrolment } from "~/features/billing/discounts/enrolment-price.server";`,
    `import { RefundProposal } from "~/features/billing";`,
    `import { priceQuote } from "~/features/billing/index.server";`,
    `import { paymentsOfPaidInvoices } from "~/features/billing/queries.server";`,
    `export const all = [PriceSummary, priceEnrolment, RefundProposal, priceQuote, paymentsOfPaidInvoices] as unknown as QuoteView;`,
  ].join("\n");

  it("refuses deep imports from another feature, the server and scripts; the public modules pass", async () => {
    expect(await refusals("app/features/camp/planted.tsx", planted)).toEqual([1, 2, 3]);
    expect(await refusals("app/features/sections/planted.server.ts", planted)).toEqual([1, 2, 3]);
    expect(await refusals("server/planted.ts", planted.replace(/.*\n/, ""))).toEqual([1, 2]);
    expect(await refusals("scripts/planted.ts", planted)).toEqual([1, 2, 3]);
  }, 60_000);

  it("lets billing's own modules and the tests import deep", async () => {
    expect(await refusals("app/features/billing/payments/planted.server.ts", planted)).toEqual([]);
    expect(await refusals("app/features/camp/planted.test.ts", planted)).toEqual([]);
    expect(await refusals("tests/e2e/planted.ts", planted)).toEqual([]);
  }, 60_000);
});
