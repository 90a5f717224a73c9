import { defineFeature } from "~server/feature-manifest";
import { deskApi } from "./desk.api";
import { deskReceiptMail } from "./desk-receipt-mail.server";
import { billingEnrolmentSubscriber } from "./enrolment-billing.server";
import { owns } from "./tables";

/** The staff's billing desk (issue 31, decision 090): invoices, desk payments and their receipts, statements, the CSV. */
export const billingDeskManifest = defineFeature({
  name: "billing-desk",
  owns,
  routers: (deps) => [deskApi(deps)],
  mails: [deskReceiptMail],
  subscribers: [billingEnrolmentSubscriber],
});
