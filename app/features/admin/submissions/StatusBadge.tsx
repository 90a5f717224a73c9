import { useTranslation } from "react-i18next";

const colours: Record<string, string> = {
  new: "bg-amber-100 text-amber-900",
  contacted: "bg-sky-100 text-sky-900",
  closed: "bg-slate-200 text-slate-800",
};

/** A submission's follow-up status as a small coloured label. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("admin");
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${colours[status] ?? "bg-slate-100"}`}>{t(`status.${status}`)}</span>;
}
