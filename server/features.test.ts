import { describe, expect, it } from "vitest";
import { featureMailTemplates, mailTemplatesByName } from "./features";
import type { MailTemplate } from "./mail/mail-queue";

const template: MailTemplate = async () => ({ text: "" });

describe("the registry's mail templates", () => {
  it("refuses a name two features use, naming both, instead of letting one replace the other", () => {
    expect(() => mailTemplatesByName([
      { name: "billing", mailTemplates: { invoice: template } },
      { name: "camp", mailTemplates: { receipt: template, invoice: template } },
    ])).toThrow('Two mail templates named "invoice" (features billing and camp).');
    expect(Object.keys(mailTemplatesByName([{ name: "a", mailTemplates: { one: template } }, { name: "b" }]))).toEqual(["one"]);
  });

  it("holds every template the features declare (the real registry starts)", () => {
    expect(Object.keys(featureMailTemplates).length).toBeGreaterThan(10);
  });
});
