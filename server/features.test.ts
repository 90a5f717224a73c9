import { z } from "zod";
import { describe, expect, it } from "vitest";
import { featureMails, mailsByName } from "./features";
import { defineMail } from "./mail/mail-queue";

const mail = (name: string) => defineMail(name, z.object({}), async () => null);

describe("the registry's mails", () => {
  it("refuses a name two features use, naming both, instead of letting one replace the other", () => {
    expect(() =>
      mailsByName([
        { name: "billing", mails: [mail("invoice")] },
        { name: "camp", mails: [mail("receipt"), mail("invoice")] },
      ]),
    ).toThrow('Two mails named "invoice" (features billing and camp).');
    expect(() => mailsByName([{ name: "camp", mails: [mail("receipt"), mail("receipt")] }])).toThrow('Two mails named "receipt" (features camp and camp).');
    expect([...mailsByName([{ name: "a", mails: [mail("one")] }, { name: "b" }]).keys()]).toEqual(["one"]);
  });

  it("holds every mail the features declare, booking's and camp's included (the real registry starts)", () => {
    expect(featureMails.size).toBeGreaterThan(25);
    for (const name of ["booking-confirmation", "booking-reminder", "booking-followup", "waitlist-offer", "enrollment-confirmation"])
      expect(featureMails.has(name)).toBe(true);
  });
});
