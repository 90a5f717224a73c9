import { useTranslation } from "react-i18next";
import { LtrValue } from "~/ui/Bidi";
import { LocalLink } from "~/ui/LocalLink";
import type { PickupCard } from "./pickup.server";

/**
 * A pickup guardian's /account (decision 139): who collects (their name and phone, as the desk
 * checks them) and each child's next classes. Nothing else of the family is on the page.
 */
export function PickupSection({ card }: { card: PickupCard }) {
  const { t } = useTranslation("guardians");
  const { t: tt } = useTranslation("teaching");
  return (
    <section id="pickup" aria-labelledby="pickup-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6">
      <h2 id="pickup-heading" className="text-xl font-bold text-slate-900">
        {t("pickup.heading")}
      </h2>
      <p className="mt-2 text-slate-700">{t("pickup.intro")}</p>
      {card.children.length > 0 ? (
        // The children's class passes, shown to the instructor at arrival (decision 141).
        <LocalLink to="/account/passes" className="mt-2 inline-block font-medium text-indigo-700 underline hover:text-indigo-900">
          {tt("passes.link")}
        </LocalLink>
      ) : null}
      {/* Their own pickup pass and photo, shown to the instructor at pickup (decision 142). */}
      <LocalLink to="/account/pickup" className="mt-2 ms-4 inline-block font-medium text-indigo-700 underline hover:text-indigo-900">
        {tt("pickupPass.link")}
      </LocalLink>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
        <dt className="font-medium text-slate-600">{t("pickup.collector")}</dt>
        <dd className="break-words">{card.collector.name}</dd>
        <dt className="font-medium text-slate-600">{t("pickup.phone")}</dt>
        <dd>{card.collector.phone ? <LtrValue>{card.collector.phone}</LtrValue> : t("pickup.noPhone")}</dd>
      </dl>
      {card.children.length === 0 ? (
        <p className="mt-4 text-slate-700">{t("pickup.none")}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {card.children.map((child) => (
            <li key={child.name} data-pickup-child="">
              <h3 className="font-semibold text-slate-900">{child.name}</h3>
              <p className="text-sm text-slate-600">{t("pickup.nextClasses")}</p>
              {child.classes.length === 0 ? (
                <p className="text-slate-700">{t("pickup.none")}</p>
              ) : (
                <ul className="mt-1 list-disc space-y-1 ps-5 text-slate-800">
                  {child.classes.map((meeting) => (
                    <li key={`${meeting.date}-${meeting.time}-${meeting.course}`}>
                      {meeting.date}, {meeting.time} · {meeting.course}
                      {meeting.mode === "online" ? ` · ${t("pickup.online")}` : ""}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
