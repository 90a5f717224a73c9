import { useTranslation } from "react-i18next";
import { PhoneLink } from "~/ui/PhoneLink";
import { LocalLink } from "~/ui/LocalLink";
import { ATTENDANCE_STATUSES, noteField, statusField } from "./attendance-forms";
import type { RosterChild } from "./meeting-roster.server";

/** A child as the meeting page shows it: the roster's facts, and the mark in force or the one just refused. */
export type ShownChild = RosterChild & { phoneLabel: string };

const statusTone: Record<(typeof ATTENDANCE_STATUSES)[number], string> = {
  present: "has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50",
  late: "has-[:checked]:border-amber-700 has-[:checked]:bg-amber-50",
  absent: "has-[:checked]:border-red-700 has-[:checked]:bg-red-50",
  excused: "has-[:checked]:border-sky-700 has-[:checked]:bg-sky-50",
};

/**
 * One child on the roster: name, age, parent and a phone link, make-up guest, reported absence and
 * what the consent forms say the instructor must know; with `markable`, a radio group of the four
 * marks and a note, part of the page's one attendance form.
 */
export function RosterChildCard({
  child,
  meetingId,
  markable,
  served,
}: {
  child: ShownChild;
  meetingId: number;
  markable: boolean;
  served?: Record<string, string>;
}) {
  const { t } = useTranslation("teaching");
  const id = child.enrolmentId;
  const chosen = served ? served[statusField(id)] : child.mark?.status;
  const note = served ? (served[noteField(id)] ?? "") : (child.mark?.note ?? "");
  return (
    <li className="rounded-xl border border-slate-300 bg-white p-3" data-child={child.childName}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <h3 id={`child-${id}`} className="text-lg font-semibold text-slate-900">
          {child.childName}
        </h3>
        <span className="text-slate-700">{t("meeting.age", { age: child.childAge })}</span>
        {child.guest ? <span className="rounded-full bg-violet-100 px-2 py-0.5 text-sm font-semibold text-violet-900">{t("meeting.guest")}</span> : null}
      </div>
      <p className="mt-1 text-slate-800">
        {t("meeting.parent", { name: child.parentName })}
        {child.parentPhone ? (
          <>
            {" · "}
            <PhoneLink phone={child.phoneLabel} label={t("meeting.call")} className="font-semibold text-indigo-800 underline" />
          </>
        ) : null}
      </p>
      {child.absence ? (
        <p className="mt-1 font-medium text-amber-900">
          {child.absence.reason ? t("meeting.absence", { reason: child.absence.reason }) : t("meeting.absenceNoReason")}
        </p>
      ) : null}
      {child.needs ? <Needs needs={child.needs} /> : null}
      <Pickup child={child} meetingId={meetingId} />
      {markable ? (
        <fieldset className="mt-3">
          <legend className="sr-only">{t("attendance.legend", { name: child.childName })}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {ATTENDANCE_STATUSES.map((status) => (
              <label
                key={status}
                className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 font-medium text-slate-900 ${statusTone[status]}`}
              >
                <input type="radio" name={statusField(id)} value={status} defaultChecked={chosen === status} className="size-5 accent-indigo-700" />
                {t(`attendance.status.${status}`)}
              </label>
            ))}
          </div>
          {!chosen ? <p className="mt-1 text-sm text-slate-700">{t("attendance.notMarked")}</p> : null}
          <label htmlFor={`note-${id}`} className="mt-2 block text-sm font-medium text-slate-800">
            {t("attendance.note")}
          </label>
          <input
            id={`note-${id}`}
            type="text"
            name={noteField(id)}
            defaultValue={note}
            maxLength={500}
            aria-describedby={`child-${id}`}
            className="mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base"
          />
        </fieldset>
      ) : child.mark ? (
        <p className="mt-2 font-medium text-slate-900">
          {t("attendance.heading")}: {t(`attendance.status.${child.mark.status}`)}
          {child.mark.note ? ` · ${child.mark.note}` : ""}
        </p>
      ) : null}
    </li>
  );
}

/** The child's pickup (decision 142): who collected, "not collected" once late, or the way to the pickup screen once present. */
function Pickup({ child, meetingId }: { child: ShownChild; meetingId: number }) {
  const { t } = useTranslation("teaching");
  if (child.collectedBy) return <p className="mt-1 font-medium text-emerald-900">{t("pickup.collectedShort", { name: child.collectedBy })}</p>;
  const present = child.mark?.status === "present" || child.mark?.status === "late";
  if (!present) return null;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
      {child.notCollected ? (
        <span className="rounded-full border border-red-300 bg-red-50 px-2 py-0.5 text-sm font-semibold text-red-900" data-not-collected="">
          {t("pickup.notCollected")}
        </span>
      ) : null}
      <LocalLink to={`/teaching/pickup?meeting=${meetingId}&enrolment=${child.enrolmentId}`} className="font-semibold text-indigo-800 underline">
        {t("pickup.fromRoster")}
      </LocalLink>
    </p>
  );
}

function Needs({ needs }: { needs: NonNullable<RosterChild["needs"]> }) {
  const { t } = useTranslation("teaching");
  return (
    <div className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-2 text-slate-900">
      <p className="font-semibold">{t("meeting.needs")}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm">
        {needs.allergies ? (
          <>
            <dt className="font-medium">{t("meeting.allergies")}</dt>
            <dd>{needs.allergies}</dd>
          </>
        ) : null}
        {needs.medical ? (
          <>
            <dt className="font-medium">{t("meeting.medical")}</dt>
            <dd>{needs.medical}</dd>
          </>
        ) : null}
        {needs.pickup.length > 0 ? (
          <>
            <dt className="font-medium">{t("meeting.pickup")}</dt>
            <dd>
              <ul>
                {needs.pickup.map((person, index) => (
                  <li key={`${person.name}-${index}`}>
                    {person.name}
                    {person.phone ? (
                      <>
                        {" · "}
                        <PhoneLink phone={person.phone} className="text-indigo-800 underline" />
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
