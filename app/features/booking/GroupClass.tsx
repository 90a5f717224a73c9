import { useTranslation } from "react-i18next";
import { LocalLink } from "~/ui/LocalLink";
import type { CalendarMeeting } from "./section-meetings-calendar.server";

/**
 * A course group's class in a cell of the slots calendar (issue 29): teal with a dashed border and
 * a "Group class" label, so it is never taken for a demo slot; struck through when cancelled; it
 * links to its group's page, where a single class is moved or cancelled.
 */
export function GroupClass({ meeting }: { meeting: CalendarMeeting }) {
  const { t } = useTranslation("sections");
  const { t: tb } = useTranslation("booking");
  const cancelled = meeting.status === "cancelled";
  return (
    <li
      className={`rounded-md border border-dashed p-1.5 ${cancelled ? "border-slate-400 bg-slate-50 text-slate-600" : "border-teal-600 bg-teal-50"}`}
      data-group-class={meeting.id}
    >
      <p className="text-xs font-bold tracking-wide text-teal-900 uppercase">{t("calendar.legend")}</p>
      <p className="font-semibold text-slate-900">
        <LocalLink to={`/admin/sections/${meeting.sectionId}#meeting-${meeting.id}`} className="underline-offset-2 hover:underline">
          <span dir="ltr">{meeting.timeLabel}</span> ·{" "}
          {cancelled ? <s className="break-words">{meeting.course}</s> : <span className="break-words">{meeting.course}</span>}
        </LocalLink>
      </p>
      {cancelled ? (
        <p className="text-xs font-semibold text-red-800">{t("admin.meetingCancelled")}</p>
      ) : (
        <p className="text-slate-700">{tb("admin.calendar.seats", { taken: meeting.seatsTaken, capacity: meeting.capacity })}</p>
      )}
    </li>
  );
}
