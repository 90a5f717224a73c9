import { useTranslation } from "react-i18next";
import type { CalendarFrame } from "./slots-calendar";
import type { AdminSlot } from "./slots-admin.server";
import type { CalendarMeeting } from "./section-meetings-calendar.server";
import { GroupClass } from "./GroupClass";

/** The bulk form's id: checkboxes anywhere on the page belong to it through their `form` attribute. */
export const BULK_FORM_ID = "slots-bulk";

const calendarHref = (view: string, date: string, extra = "") => `?view=${view}&date=${date}${extra}`;

/** Week and day views of the slots: hours down, days across (mirrored right to left by the table itself). */
export function SlotsCalendar({
  frame,
  hours,
  slots,
  selected,
  meetings = [],
}: {
  frame: CalendarFrame;
  hours: string[];
  slots: AdminSlot[];
  selected: number[];
  meetings?: CalendarMeeting[];
}) {
  const { t } = useTranslation("booking");
  const week = frame.view === "week";
  const cell = new Map<string, AdminSlot[]>();
  for (const slot of slots) {
    const key = `${slot.date}|${slot.time.slice(0, 2)}`;
    cell.set(key, [...(cell.get(key) ?? []), slot]);
  }
  // Course groups' classes (issue 29) share the hour's cell, after its demo slots.
  const classes = new Map<string, CalendarMeeting[]>();
  for (const meeting of meetings) {
    const key = `${meeting.date}|${meeting.time.slice(0, 2)}`;
    classes.set(key, [...(classes.get(key) ?? []), meeting]);
  }
  const chosen = new Set(selected);
  const first = frame.days[0]!;
  const last = frame.days[frame.days.length - 1]!;
  const caption = week ? t("admin.calendar.weekCaption", { from: first.label, to: last.label }) : t("admin.calendar.dayCaption", { date: first.label });

  return (
    <div className="space-y-3">
      <nav aria-label={caption} className="flex flex-wrap items-center gap-2">
        <a
          href={calendarHref(frame.view, frame.previous)}
          className="rounded-lg border border-slate-300 px-3 py-2 font-medium text-slate-800 hover:bg-slate-50"
        >
          <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
            ←
          </span>{" "}
          {week ? t("admin.calendar.previousWeek") : t("admin.calendar.previousDay")}
        </a>
        <a href={`?view=${frame.view}`} className="rounded-lg border border-slate-300 px-3 py-2 font-medium text-slate-800 hover:bg-slate-50">
          {t("admin.calendar.today")}
        </a>
        <a href={calendarHref(frame.view, frame.next)} className="rounded-lg border border-slate-300 px-3 py-2 font-medium text-slate-800 hover:bg-slate-50">
          {week ? t("admin.calendar.nextWeek") : t("admin.calendar.nextDay")}{" "}
          <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
            →
          </span>
        </a>
      </nav>
      {/* Outside the scroller (not a <caption>), so it wraps on a phone instead of scrolling away. */}
      <h3 id="calendar-caption" className="font-semibold text-slate-800">
        {caption}
      </h3>
      {/* Seven columns do not fit a phone: the week scrolls sideways, the hours stay in view. The
          containment keeps the wide table from widening the page, and "relative" keeps the cells'
          screen-reader texts (absolutely placed) inside the scroller. */}
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white [contain:inline-size]">
        <table aria-labelledby="calendar-caption" className={`w-full table-fixed border-collapse text-sm ${week ? "min-w-[58rem]" : ""}`}>
          <thead>
            <tr>
              <th scope="col" className="sticky start-0 z-10 w-16 border-b border-slate-200 bg-white px-2 py-2 text-start font-medium text-slate-600">
                {t("admin.calendar.time")}
              </th>
              {frame.days.map((day) => (
                <th
                  key={day.date}
                  scope="col"
                  aria-current={day.today ? "date" : undefined}
                  className={`border-b border-s border-slate-200 px-2 py-2 text-start font-semibold ${day.today ? "bg-amber-100 text-amber-950" : "text-slate-800"}`}
                >
                  {week ? (
                    <a href={calendarHref("day", day.date)} className="underline-offset-2 hover:underline">
                      <span className="sr-only">{day.label}</span>
                      <span aria-hidden="true">{day.heading}</span>
                    </a>
                  ) : (
                    day.label
                  )}
                  {day.today ? (
                    <span className="ms-1 rounded-full bg-amber-800 px-1.5 py-0.5 text-xs font-bold text-white">{t("admin.calendar.today")}</span>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {hours.map((hour) => (
              <tr key={hour}>
                <th
                  scope="row"
                  dir="ltr"
                  className="sticky start-0 z-10 border-t border-slate-200 bg-white px-2 py-2 text-start align-top font-mono font-medium text-slate-600"
                >
                  {hour}
                </th>
                {frame.days.map((day) => {
                  const here = cell.get(`${day.date}|${hour.slice(0, 2)}`) ?? [];
                  const groupClasses = classes.get(`${day.date}|${hour.slice(0, 2)}`) ?? [];
                  return (
                    <td key={day.date} className={`h-16 border-s border-t border-slate-200 p-1 align-top ${day.today ? "bg-amber-50" : ""}`}>
                      {here.length > 0 || groupClasses.length > 0 ? (
                        <ul className="space-y-1">
                          {here.map((slot) => (
                            <CalendarSlot key={slot.id} slot={slot} frame={frame} checked={chosen.has(slot.id)} />
                          ))}
                          {groupClasses.map((meeting) => (
                            <GroupClass key={`m${meeting.id}`} meeting={meeting} />
                          ))}
                        </ul>
                      ) : day.past || (day.today && hour <= frame.now) ? null : (
                        <a
                          href={calendarHref(frame.view, frame.date, `&create=${day.date}T${hour}#create-slot`)}
                          className="flex h-full min-h-14 w-full items-center justify-center rounded-md text-lg text-slate-400 hover:bg-indigo-50 hover:text-indigo-700 focus-visible:bg-indigo-50"
                        >
                          <span aria-hidden="true">+</span>
                          <span className="sr-only">{t("admin.calendar.addAt", { date: day.label, time: hour })}</span>
                        </a>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function CalendarSlot({ slot, frame, checked }: { slot: AdminSlot; frame: CalendarFrame; checked: boolean }) {
  const { t } = useTranslation("booking");
  const course = slot.courseName ?? t("admin.create.anyCourse");
  const full = slot.seatsTaken >= slot.capacity;
  const closed = slot.status === "closed";
  return (
    <li
      className={`rounded-md border p-1.5 ${closed ? "border-slate-300 bg-slate-100 text-slate-600" : full ? "border-rose-200 bg-rose-50" : "border-indigo-200 bg-indigo-50"}`}
    >
      <div className="flex items-start gap-1.5">
        <input
          type="checkbox"
          name="ids"
          value={slot.id}
          form={BULK_FORM_ID}
          defaultChecked={checked}
          aria-label={t("admin.calendar.select", { time: slot.timeLabel, course })}
          className="mt-0.5 size-4 shrink-0"
        />
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            <span dir="ltr">{slot.timeLabel}</span> · <span className="break-words">{course}</span>
          </p>
          <p className="text-slate-700">{t("admin.calendar.seats", { taken: slot.seatsTaken, capacity: slot.capacity })}</p>
          {slot.waitlist.length > 0 ? (
            <p className="text-xs font-semibold text-amber-900">{t("waitlist.admin.count", { count: slot.waitlist.length })}</p>
          ) : null}
          {closed ? <p className="text-xs font-semibold">{t("admin.list.closed")}</p> : null}
          <a href={calendarHref(frame.view, frame.date, `&select=${slot.id}`)} className="text-xs text-indigo-700 underline">
            {t("admin.calendar.selectSeries")}
            <span className="sr-only">
              {" "}
              ({slot.dateLabel} {slot.timeLabel})
            </span>
          </a>
        </div>
      </div>
    </li>
  );
}
