import { useTranslation } from "react-i18next";
import { LocalLink } from "~/ui/LocalLink";
import { Modal } from "~/ui/Modal";
import type { Camp } from "./camp";

/** A camp's ten sessions as a table, with Enroll and Close. */
export function CurriculumModal({ camp, onClose }: { camp: Camp | null; onClose: () => void }) {
  const { t } = useTranslation("camp");
  return (
    <Modal open={camp !== null} onClose={onClose} title={camp ? t("curriculum.title", { camp: camp.title }) : ""} className="max-w-5xl">
      {camp ? (
        <>
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-start text-sm">
              <thead>
                <tr className="bg-indigo-700 text-white">
                  <th scope="col" className="px-3 py-2 text-start font-semibold">{t("curriculum.session")}</th>
                  <th scope="col" className="px-3 py-2 text-start font-semibold">{t("curriculum.topic")}</th>
                  <th scope="col" className="px-3 py-2 text-start font-semibold">{t("curriculum.activities")}</th>
                  <th scope="col" className="px-3 py-2 text-start font-semibold">{t("curriculum.outcome")}</th>
                </tr>
              </thead>
              <tbody>
                {camp.curriculum.map((row) => (
                  <tr key={row.session} className="border-b border-slate-200 align-top even:bg-slate-50">
                    <td className="px-3 py-2 font-semibold">{row.session}</td>
                    <th scope="row" className="px-3 py-2 text-start font-semibold">{row.topic}</th>
                    <td className="px-3 py-2 text-slate-700">{row.activities}</td>
                    <td className="px-3 py-2 text-slate-700">{row.outcome}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <LocalLink to={`/enroll?camp=${encodeURIComponent(camp.slug)}`} className="rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700">
              {t("curriculum.enroll")}
            </LocalLink>
            <button type="button" onClick={onClose} className="rounded-lg border border-slate-300 px-5 py-2 font-semibold text-slate-800 hover:bg-slate-100">
              {t("curriculum.close")}
            </button>
          </div>
        </>
      ) : null}
    </Modal>
  );
}
