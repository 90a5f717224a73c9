import { defineFeature } from "~server/feature-manifest";
import { CREDIT_NOTE_MAIL, creditNoteMailTemplate, INVOICE_MAIL, invoiceMailTemplate } from "./refund-mail.server";
import { refundsApi } from "./refunds.api";

/** Refunds, credit notes and the billing PDFs (issue 31 part 6, decision 092): the API, the PDF routes, the family's billing e-mails. */
export const refundsManifest = defineFeature({
  name: "refunds",
  routers: (deps) => [refundsApi(deps)],
  mailTemplates: { [INVOICE_MAIL]: invoiceMailTemplate, [CREDIT_NOTE_MAIL]: creditNoteMailTemplate },
});
