import { useTranslation } from "react-i18next";

/**
 * A drop's money consequence as the loader formatted it (billing's sectionDropMoney, amounts
 * isolated by moneyText). Null: the place has no invoice (no fee).
 */
export interface DropMoneyView {
  voided: string | null;
  paid: string | null;
  refund: { amount: string; percent: number } | null;
}

/** On the enrolment's page, before the parent confirms: what a move or a drop does to the money. */
export function DropMoneyNote({ money, kind }: { money: DropMoneyView | null; kind: "move" | "drop" }) {
  const { t } = useTranslation("sections");
  const lines =
    money === null
      ? [t("manage.money.free")]
      : kind === "move"
        ? [t("manage.money.moveSame")]
        : [
            money.voided ? t("manage.money.voided", { amount: money.voided }) : t("manage.money.nothingOwed"),
            ...(money.paid
              ? [
                  money.refund && money.refund.percent > 0
                    ? t("manage.money.refund", {
                        paid: money.paid,
                        amount: money.refund.amount,
                        percent: money.refund.percent,
                      })
                    : t("manage.money.noRefund", { paid: money.paid }),
                ]
              : []),
          ];
  return (
    <div className="mt-3 rounded-lg bg-slate-50 p-3" data-money={kind}>
      <p className="text-sm font-semibold text-slate-900">{t("manage.money.heading")}</p>
      <ul className="mt-1 list-disc space-y-1 ps-5 text-sm text-slate-800">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
