import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { requireAdminPage } from "~/lib/page-guards.server";
import { langFromPath } from "~/i18n/lang";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/admin-slots.route";
import { adminSlotsAction } from "./admin-slots.action.server";
import { adminSlotsPage } from "./admin-slots.server";
import { BookingsBulkForm } from "./components/BookingsBulkForm";
import { CreateSeriesForm, CreateSlotForm } from "./components/CreateSlotForms";
import { SlotCard } from "./components/SlotCard";
import { SlotsBulkForm } from "./components/SlotsBulkForm";
import { RangeAndCodeSearch, ViewLinks } from "./components/SlotsViewControls";
import type { AdminSlot } from "./slots-admin.server";
import { SlotsCalendar } from "./SlotsCalendar";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const url = new URL(request.url);
  return adminSlotsPage(context.db, url.searchParams, langFromPath(url.pathname));
}

/** Posts of the page without JavaScript (and the bulk forms always): see admin-slots.action.server.ts. */
export async function action(args: Route.ActionArgs) {
  return adminSlotsAction(args);
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** /admin/slots: create slots and series, follow and change their bookings, export them. */
export default function AdminSlotsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("booking");
  const { from, to, search, slots, courses, zoneLabel, weekdays, calendar, create } = loaderData;
  const location = useLocation();
  const view = calendar ? calendar.frame.view : "list";
  const byDate = new Map<string, AdminSlot[]>();
  for (const slot of slots) byDate.set(slot.dateLabel, [...(byDate.get(slot.dateLabel) ?? []), slot]);

  return (
    <div className="space-y-8">
      <PageMeta title={t("meta.adminTitle")} description={t("meta.adminTitle")} />
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t("admin.heading")}</h1>
        <p className="mt-1 text-slate-600">{t("admin.intro", { zone: zoneLabel })}</p>
      </header>

      <section aria-labelledby="slots-list" className="space-y-4">
        <h2 id="slots-list" className="text-xl font-bold text-slate-900">
          {t("admin.list.heading")}
        </h2>
        <ViewLinks view={view} date={calendar?.frame.date ?? from} to={to} />
        {/* Keyed on the address so a "same weekday and time" link re-ticks the boxes after a client move. */}
        <SlotsBulkForm key={location.search} />
        {calendar ? (
          <>
            {calendar.series ? (
              <p role="status" className="font-medium text-slate-800">
                {t("admin.calendar.seriesChosen", calendar.series)}
              </p>
            ) : null}
            <SlotsCalendar
              key={location.search}
              frame={calendar.frame}
              hours={calendar.hours}
              slots={slots}
              selected={calendar.selected}
              meetings={calendar.meetings}
            />
          </>
        ) : null}
        <RangeAndCodeSearch from={from} to={to} search={search} />
        {calendar || slots.every((slot) => slot.bookings.length === 0) ? null : <BookingsBulkForm key={location.search} />}
        {calendar ? null : slots.length === 0 && !search ? <p className="text-slate-600">{t("admin.list.empty")}</p> : null}
        {calendar
          ? null
          : [...byDate.entries()].map(([dateLabel, daySlots]) => (
              <section key={dateLabel} aria-label={dateLabel} className="space-y-3">
                <h3 className="font-semibold text-slate-800">{dateLabel}</h3>
                {daySlots.map((slot) => (
                  <SlotCard key={slot.id} slot={slot} />
                ))}
              </section>
            ))}
      </section>

      {/* After the calendar: today's week comes first; a click on an empty hour jumps down here. */}
      <div className="grid gap-6 xl:grid-cols-2">
        <CreateSlotForm key={create ? `${create.date}T${create.time}` : "blank"} courses={courses} create={create} />
        <CreateSeriesForm courses={courses} weekdays={weekdays} />
      </div>
    </div>
  );
}
