import { useLang } from "~/i18n/use-lang";
import { LocalLink } from "~/ui/LocalLink";

/**
 * The amber notice naming the camps whose batches are not the ones the start date gives
 * (decision 037), each a link to its editor (or plain text for staff who cannot open it).
 */
export function CampsOffStartDate({
  camps,
  title,
  text,
  id,
  links,
}: {
  camps: { id: number; title: { en: string; ar: string } }[];
  title: string;
  text: string;
  id: string;
  links: boolean;
}) {
  const lang = useLang();
  if (camps.length === 0) return null;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id={id} className="mb-1 text-lg font-semibold text-amber-950">
        {title}
      </h2>
      <p className="text-sm text-amber-950">{text}</p>
      <ul className="mt-2 list-disc space-y-1 ps-6 text-sm text-amber-950">
        {camps.map((camp) => {
          const name = (lang === "ar" ? camp.title.ar : camp.title.en) || camp.title.en;
          return (
            <li key={camp.id}>
              {links ? (
                <LocalLink to={`/admin/settings/camps/${camp.id}`} className="font-semibold underline">
                  {name}
                </LocalLink>
              ) : (
                name
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
