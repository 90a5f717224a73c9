import { useTranslation } from "react-i18next";

const tone: Record<string, string> = {
  open: "bg-sky-50 text-sky-900 border-sky-200",
  overdue: "bg-red-50 text-red-900 border-red-200",
  paid: "bg-emerald-50 text-emerald-900 border-emerald-200",
  void: "bg-slate-100 text-slate-800 border-slate-300",
};

/** An invoice's status as staff read it: open, overdue (open and late), paid or void. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("billing");
  return (
    <span data-status={status} className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${tone[status] ?? tone.open}`}>
      {t(`status.${status}`)}
    </span>
  );
}
