import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LocalLink } from "~/ui/LocalLink";
import { Modal } from "~/ui/Modal";
import type { Camp } from "./camp";
import { curriculumAnchor } from "./paths";

/** The curriculum's heading for a camp: the staff-edited title (decision 058) with the camp's name filled in. */
export type CurriculumHeading = (camp: Camp) => ReactNode;

const columns = ["session", "topic", "activities", "outcome"] as const;

/** A column name shown in each stacked cell on phones; screen readers get it from the header. */
function CellLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="stack-label">
      {children}
    </span>
  );
}

/** A camp's ten sessions: stacked session cards on phones, a table from 640 px (stack-table, app.css). */
export function CurriculumTable({ camp }: { camp: Camp }) {
  const { t } = useTranslation("camp");
  return (
    <div className="overflow-x-auto">
      <table role="table" className="stack-table w-full border-collapse text-start text-sm">
        <thead role="rowgroup">
          <tr role="row" className="bg-indigo-700 text-white">
            {columns.map((column) => (
              <th key={column} role="columnheader" scope="col" className="px-3 py-2 text-start font-semibold">
                {t(`curriculum.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {camp.curriculum.map((row) => (
            <tr key={row.session} role="row" className="border-b border-slate-200 align-top even:bg-slate-50">
              <td role="cell" className="px-3 py-2 font-semibold">
                <CellLabel>{t("curriculum.session")}</CellLabel>
                {row.session}
              </td>
              <th role="rowheader" scope="row" className="px-3 py-2 text-start font-semibold">
                <CellLabel>{t("curriculum.topic")}</CellLabel>
                {row.topic}
              </th>
              <td role="cell" className="px-3 py-2 text-slate-700">
                <CellLabel>{t("curriculum.activities")}</CellLabel>
                {row.activities}
              </td>
              <td role="cell" className="px-3 py-2 text-slate-700">
                <CellLabel>{t("curriculum.outcome")}</CellLabel>
                {row.outcome}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A camp's ten sessions as a table, with Enrol and Close. Nothing is rendered until a camp is
 * first chosen, and the last camp stays in the closed dialog: a closed dialog with an empty
 * heading is an error to HTML_CodeSniffer and html-validate (issue 28), and unmounting it on close
 * would lose the focus return to "View Complete Details".
 */
export function CurriculumModal({ camp, onClose, heading }: { camp: Camp | null; onClose: () => void; heading: CurriculumHeading }) {
  const { t } = useTranslation("camp");
  const [last, setLast] = useState<Camp | null>(camp);
  if (camp && camp !== last) setLast(camp);
  const shown = camp ?? last;
  if (!shown) return null;
  return (
    <Modal open={camp !== null} onClose={onClose} title={heading(shown)} className="max-w-5xl">
      <CurriculumTable camp={shown} />
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <LocalLink
          to={`/enroll?camp=${encodeURIComponent(shown.slug)}`}
          className="rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700"
        >
          {t("curriculum.enroll")}
        </LocalLink>
        <button type="button" onClick={onClose} className="rounded-lg border border-slate-300 px-5 py-2 font-semibold text-slate-800 hover:bg-slate-100">
          {t("curriculum.close")}
        </button>
      </div>
    </Modal>
  );
}

/**
 * The same curriculum as a section of the page: where "View Complete Details" leads before script
 * runs (?curriculum=<slug>), so the sessions can be read without JavaScript.
 */
export function CurriculumSection({ camp, heading }: { camp: Camp; heading: CurriculumHeading }) {
  const { t } = useTranslation("camp");
  const titleId = `${curriculumAnchor(camp.slug)}-title`;
  return (
    <section id={curriculumAnchor(camp.slug)} aria-labelledby={titleId} className="mx-auto max-w-7xl scroll-mt-24 px-4 py-12">
      <h2 id={titleId} className="text-2xl font-bold text-slate-900">
        {heading(camp)}
      </h2>
      <div className="mt-6">
        <CurriculumTable camp={camp} />
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <LocalLink
          to={`/enroll?camp=${encodeURIComponent(camp.slug)}`}
          className="rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700"
        >
          {t("curriculum.enroll")}
        </LocalLink>
      </div>
    </section>
  );
}
