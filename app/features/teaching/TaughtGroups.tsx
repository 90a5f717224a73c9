import { useTranslation } from "react-i18next";
import { LocalLink } from "~/ui/LocalLink";

export interface ShownGroup {
  id: number;
  course: string;
  first: string;
  last: string;
  ended: boolean;
  enrolled: number;
}

/**
 * "My groups" on /teaching (issue 42, step 10): each group that has begun, with its dates and a
 * "Certificates" link to the group's issue page, so an instructor needs no address from the office.
 */
export function TaughtGroups({ groups }: { groups: ShownGroup[] }) {
  const { t } = useTranslation("teaching");
  const { t: tp } = useTranslation("progress");
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="groups-heading">
      <h2 id="groups-heading" className="text-lg font-semibold text-slate-900">
        {t("groups.heading")}
      </h2>
      <ul className="mt-2 space-y-2">
        {groups.map((group) => (
          <li key={group.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-300 bg-white p-3">
            <span className="min-w-0">
              <span className="block font-semibold text-slate-900">{group.course}</span>
              <span className="block text-sm text-slate-700">
                {t(group.first === group.last ? "groups.once" : group.ended ? "groups.ended" : "groups.running", { first: group.first, last: group.last })} ·{" "}
                {t("groups.children", { count: group.enrolled })}
              </span>
            </span>
            <span className="flex flex-wrap gap-2">
              <LocalLink
                to={`/teaching/sections/${group.id}/certificates`}
                aria-label={t("groups.certificatesFor", { course: group.course, first: group.first })}
                className="rounded-lg border-2 border-indigo-600 px-3 py-1.5 text-sm font-semibold text-indigo-800 hover:bg-indigo-50"
              >
                {t("groups.certificates")}
              </LocalLink>
              <LocalLink
                to={`/teaching/sections/${group.id}/progress-reports`}
                aria-label={tp("page.linkFor", { course: group.course, first: group.first })}
                className="rounded-lg border-2 border-indigo-600 px-3 py-1.5 text-sm font-semibold text-indigo-800 hover:bg-indigo-50"
              >
                {tp("page.link")}
              </LocalLink>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
