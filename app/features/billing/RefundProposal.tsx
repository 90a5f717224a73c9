import { useTranslation } from "react-i18next";
import { LocalLink } from "~/ui/LocalLink";
import { adminRefundPoliciesPath } from "./paths";

/** The refund a drop's policy proposes, as the loader formatted it (refund-policy.server.ts sectionRefundProposal). */
export interface RefundProposalView {
  when: "before" | "after";
  percent: number;
  payments: { paymentId: number; paid: string; left: string; proposed: string; proposedMinor: number; href: string }[];
}

/** On the staff enrolment page: what the policy gives back, a one-click link per payment to the refund page, prefilled (decision 092). */
export function RefundProposal({ proposal }: { proposal: RefundProposalView }) {
  const { t } = useTranslation("refunds");
  return (
    <section aria-labelledby="refund-proposal" className="rounded-2xl border border-amber-200 bg-white p-5">
      <h2 id="refund-proposal" className="text-xl font-semibold text-slate-900">
        {t("proposal.heading")}
      </h2>
      <p className="mt-1 text-slate-700">{t(proposal.when === "before" ? "proposal.before" : "proposal.after", { percent: proposal.percent })}</p>
      <ul className="mt-3 space-y-3">
        {proposal.payments.map((payment) => (
          <li key={payment.paymentId} className="flex flex-wrap items-center gap-3">
            <span className="text-slate-800">{t("proposal.paid", { paid: payment.paid, left: payment.left })}</span>
            <LocalLink to={payment.href} className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
              {payment.proposedMinor > 0 ? t("proposal.refund", { amount: payment.proposed }) : t("proposal.refundByHand")}
            </LocalLink>
          </li>
        ))}
      </ul>
      {proposal.payments.every((payment) => payment.proposedMinor === 0) ? <p className="mt-2 text-slate-700">{t("proposal.none")}</p> : null}
      <LocalLink to={adminRefundPoliciesPath} className="mt-3 inline-block text-sm font-semibold text-indigo-700 hover:underline">
        {t("proposal.policies")}
      </LocalLink>
    </section>
  );
}
