import { describe, expect, it } from "vitest";
import { MAX_RECORD_ID } from "~/lib/record-id";
import { enrolmentLink, enrolmentPaymentLink, enrolmentReceiptLink } from "./links.server";

/**
 * The enrolments' links left booking's link-tokens for their owner (decision 153): the tokens are
 * the ones the code before made (pinned in app/kernel/row-link.server.test.ts), so links already
 * e-mailed still open.
 */
describe("enrolment links", () => {
  const secret = "a-test-secret-of-some-length-0123456789";
  const row = { id: 12, reference: "R7XK2M" };

  it("are the tokens links already sent carry", () => {
    expect(enrolmentLink.token(secret, { id: MAX_RECORD_ID, reference: "R7XK2M" })).toBe("2147483647_-NO54JTDZQhvyvibrwPNwvDS9HOaSdeoGGthrbtY8ak");
    expect(enrolmentPaymentLink.token(secret, row)).toBe("12_49nqek8rwGh0BbQ39KGx4l4MDhwWQG3bKMkLv4JCp7Y");
    expect(enrolmentReceiptLink.token(secret, row)).toBe("12_jPLzRKy7FxcI_1H0yA5BnLnvZnspMfpV8_Bqpg0-UzY");
  });
});
