import { useTranslation } from "react-i18next";
import { LtrValue } from "~/ui/Bidi";
import { Link } from "react-router";
import { LocalLink } from "~/ui/LocalLink";
import { AccountSection, Fact, Facts } from "./AccountSection";
import type { TimetableChild, TimetableEnrolment, TimetableMeeting } from "~/features/timetable/timetable.server";

/** Meetings shown before "every class" opens: the next few are what a family looks for. */
const FIRST = 3;

/**
 * /account's timetable (issue 29): for each child, each live enrolment with every class still to
 * come, on the academy's clock with its zone named; a cancelled class stays in the list, marked.
 */
export function TimetableSection({ timetable }: { timetable: TimetableChild[] }) {
  const { t } = useTranslation("timetable");
  const { t: tt } = useTranslation("teaching");
  return (
    <AccountSection id="timetable" title={t("account.heading")}>
      <p className="mt-2 text-slate-700">{t("account.intro")}</p>
      {timetable.length === 0 ? (
        <p className="mt-3 text-slate-700">
          {t("account.none")}{" "}
          <LocalLink to="/courses" className="font-medium text-indigo-700 underline hover:text-indigo-900">
            {t("account.browse")}
          </LocalLink>
        </p>
      ) : (
        <>
          {/* Each child's class pass, scanned at arrival (decision 141). */}
          <LocalLink to="/account/passes" className="mt-3 inline-block font-medium text-indigo-700 underline hover:text-indigo-900">
            {tt("passes.link")}
          </LocalLink>
          {timetable.map((child, index) => (
            <section key={`${child.name}-${index}`} aria-labelledby={`timetable-child-${index}`} className="mt-5">
              <h3 id={`timetable-child-${index}`} className="text-lg font-semibold text-slate-900">
                {t("account.childHeading", { name: child.name })}
              </h3>
              <ul className="mt-2 space-y-4">
                {child.enrolments.map((enrolment) => (
                  <EnrolmentItem key={enrolment.reference} enrolment={enrolment} childName={child.name} />
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </AccountSection>
  );
}

function EnrolmentItem({ enrolment, childName }: { enrolment: TimetableEnrolment; childName: string }) {
  const { t } = useTranslation("timetable");
  const first = enrolment.meetings.slice(0, FIRST);
  const rest = enrolment.meetings.slice(FIRST);
  const upcoming = enrolment.meetings.filter((meeting) => !meeting.cancelled).length;
  return (
    <li className="rounded-xl border border-slate-200 p-4" data-enrolment={enrolment.code}>
      <p className="font-semibold text-slate-900">
        <LocalLink to={`/courses/${enrolment.courseSlug}`} className="text-indigo-800 underline hover:text-indigo-950">
          {enrolment.courseName}
        </LocalLink>
      </p>
      <Facts>
        <Fact label={t("account.code")}>
          <LtrValue>{enrolment.code}</LtrValue>
        </Fact>
        <Fact label={t("account.where")}>{t(`account.mode.${enrolment.mode}`)}</Fact>
        {enrolment.instructor ? <Fact label={t("account.instructor")}>{enrolment.instructor}</Fact> : null}
      </Facts>
      <p className="mt-2 text-sm font-medium text-slate-700">{t("account.upcoming", { count: upcoming })}</p>
      <p className="text-sm text-slate-600">{t("account.zone", { zone: enrolment.zoneLabel })}</p>
      <MeetingList meetings={first} start={1} />
      {rest.length > 0 ? (
        <details className="mt-1 text-sm">
          <summary className="cursor-pointer font-medium text-indigo-700">{t("account.more", { count: rest.length })}</summary>
          <MeetingList meetings={rest} start={FIRST + 1} />
        </details>
      ) : null}
      {/* The enrolment's own page (its e-mail's link): each button opens its part, the money consequence stated before confirming.
          A view-only guardian has no such link (decision 139). */}
      {enrolment.manageUrl ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Link
            to={`${enrolment.manageUrl}#move`}
            aria-label={t("account.changeFor", { course: enrolment.courseName, child: childName })}
            className="rounded-lg border border-indigo-300 px-3 py-1.5 text-sm font-semibold text-indigo-800 hover:bg-indigo-50"
          >
            {t("account.change")}
          </Link>
          <Link
            to={`${enrolment.manageUrl}#drop`}
            aria-label={t("account.withdrawFor", { course: enrolment.courseName, child: childName })}
            className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
          >
            {t("account.withdraw")}
          </Link>
        </div>
      ) : null}
    </li>
  );
}

function MeetingList({ meetings, start }: { meetings: TimetableMeeting[]; start: number }) {
  const { t } = useTranslation("timetable");
  return (
    <ol start={start} className="ms-5 mt-1 list-decimal space-y-0.5 text-sm text-slate-800">
      {meetings.map((meeting) => (
        <li key={meeting.id} data-meeting={meeting.cancelled ? "cancelled" : "scheduled"}>
          <time dateTime={meeting.startsAt} className={meeting.cancelled ? "text-slate-500 line-through" : undefined}>
            {t("account.dateTime", { date: meeting.dateLabel, time: meeting.timeLabel })}
          </time>
          {meeting.cancelled ? (
            <span className="ms-2 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">{t("account.cancelled")}</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
