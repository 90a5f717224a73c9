import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { useServedState } from "~/lib/forms/served-state";
import { formatPhone } from "~/lib/validation";
import { zonedParts } from "~/lib/zoned-time";
import { BackArrow } from "~/ui/Bidi";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { AdminRouteError } from "~/features/admin-kit/AdminError";
import { formatDateLabel, formatTimeLabel, formatZoneLabel } from "~/kernel/slot-format";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import type { Route } from "./+types/meeting.route";
import { ATTENDANCE_FORMS } from "./attendance-forms";
import { meetingPageAction } from "./meeting.action.server";
import { rosterForViewer } from "./meeting-roster.server";
import { RosterChildCard } from "./RosterChildCard";
import { requireTaughtMeetingPage } from "./teaching-page.server";
import { formatMinutes } from "~/lib/duration";

/** "Mark all present" and the form of marks post here without JavaScript (the page ships none). */
export const action = meetingPageAction;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { id, user } = await requireTaughtMeetingPage(context, request, params.id);
  const lang = langFromPath(new URL(request.url).pathname);
  const [roster, timeZone] = await Promise.all([rosterForViewer(context.db, id, user), academyTimeZone(context.db)]);
  if (!roster) throw data(null, { status: 404 });
  const { meeting, children } = roster;
  const notYet = zonedParts(meeting.startsAt, timeZone).date > zonedParts(new Date(), timeZone).date;
  return {
    meeting: {
      id: meeting.id,
      sectionId: meeting.sectionId,
      course: pick({ name_en: meeting.courseEn, name_ar: meeting.courseAr }, "name", lang),
      teacher: meeting.teacherEn === null ? null : pick({ name_en: meeting.teacherEn, name_ar: meeting.teacherAr ?? meeting.teacherEn }, "name", lang),
      date: formatDateLabel(meeting.startsAt, timeZone, lang),
      time: formatTimeLabel(meeting.startsAt, timeZone, lang),
      minutes: meeting.durationMinutes,
      duration: formatMinutes(meeting.durationMinutes, lang),
      cancelled: meeting.cancelled,
      notYet,
    },
    zone: formatZoneLabel(meeting.startsAt, timeZone, lang),
    children: children.map((child) => ({ ...child, phoneLabel: formatPhone(child.parentPhone) })),
    needsHidden: roster.needsHidden,
  };
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}

/**
 * /teaching/meetings/:id: one class's roster and its attendance, phone first. "Mark all present" is
 * a form of its own; the marks are one form with a radio group and a note per child, one submit.
 */
export default function MeetingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("teaching");
  const { t: tp } = useTranslation("portfolio");
  const { t: tr } = useTranslation("progress");
  const { meeting, zone, children, needsHidden } = loaderData;
  const servedMarks = useServedState(ATTENDANCE_FORMS.marks);
  const servedAll = useServedState(ATTENDANCE_FORMS.allPresent);
  const markable = !meeting.cancelled && !meeting.notYet && children.length > 0;
  const unmarked = children.filter((child) => !child.mark).length;
  return (
    <div className="space-y-5">
      <PageMeta title={`${meeting.course} · ${t("meta.meetingTitle")}`} description={t("meta.meetingDescription")} />
      <p>
        <LocalLink to="/teaching" className="font-medium text-indigo-800 underline">
          <BackArrow /> {t("meeting.back")}
        </LocalLink>
      </p>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{meeting.course}</h1>
        <p className="mt-1 text-slate-800">
          {t("meeting.when", { date: meeting.date, time: meeting.time, minutes: meeting.minutes, duration: meeting.duration })}
        </p>
        <p className="text-sm text-slate-700">{t("meeting.zone", { zone })}</p>
        {meeting.teacher ? <p className="text-sm text-slate-700">{t("meeting.teacher", { name: meeting.teacher })}</p> : null}
        {/* The group's other pages: a wrapping row, so a second line starts at the edge on a phone. */}
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
          {[
            { to: `/teaching/sections/${meeting.sectionId}/certificates`, label: t("groups.groupCertificates") },
            { to: `/teaching/sections/${meeting.sectionId}/skills`, label: t("groups.groupSkills") },
            { to: `/teaching/sections/${meeting.sectionId}/portfolio`, label: tp("roster.linkFromRoster") },
            { to: "/teaching/check-in", label: t("checkIn.fromRoster") },
            { to: "/teaching/pickup", label: t("pickup.title") },
            { to: `/teaching/sections/${meeting.sectionId}/progress-reports`, label: tr("page.link") },
          ].map((link) => (
            <LocalLink key={link.to} to={link.to} className="text-indigo-800 underline">
              {link.label}
            </LocalLink>
          ))}
        </p>
      </header>
      {meeting.cancelled ? <p className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-900">{t("meeting.cancelled")}</p> : null}
      {!meeting.cancelled && meeting.notYet ? <p className="rounded-lg border border-slate-300 bg-slate-50 p-3 text-slate-900">{t("meeting.notYet")}</p> : null}

      {markable ? (
        <section aria-labelledby="attendance-heading" className="space-y-3">
          <h2 id="attendance-heading" className="text-xl font-semibold text-slate-900">
            {t("attendance.heading")}
          </h2>
          <p className="text-slate-800">{t("attendance.summary", { marked: children.length - unmarked, count: children.length })}</p>
          {unmarked > 0 ? (
            <form method="post" id={ATTENDANCE_FORMS.allPresent} className="space-y-2 rounded-xl border border-emerald-300 bg-emerald-50 p-3">
              <input type="hidden" name="form" value={ATTENDANCE_FORMS.allPresent} />
              <FormAlert message={servedAll?.message} />
              <p id="all-present-hint" className="text-sm text-slate-800">
                {t("attendance.allPresentHint")}
              </p>
              <button
                type="submit"
                aria-describedby="all-present-hint"
                className="min-h-11 w-full rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800"
              >
                {t("attendance.allPresent")}
              </button>
            </form>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="roster-heading">
        <h2 id="roster-heading" className="text-xl font-semibold text-slate-900">
          {t("meeting.rosterHeading", { count: children.length })}
        </h2>
        {needsHidden ? <p className="mt-1 text-sm text-slate-700">{t("meeting.needsLater")}</p> : null}
        {children.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("meeting.none")}</p>
        ) : markable ? (
          <form method="post" id={ATTENDANCE_FORMS.marks} className="mt-2 space-y-3">
            <input type="hidden" name="form" value={ATTENDANCE_FORMS.marks} />
            <FormAlert message={servedMarks?.message} />
            <ul className="space-y-3">
              {children.map((child) => (
                <RosterChildCard key={child.enrolmentId} child={child} meetingId={meeting.id} markable served={servedMarks?.values} />
              ))}
            </ul>
            <button
              type="submit"
              className="sticky bottom-2 min-h-12 w-full rounded-lg bg-indigo-700 px-4 py-3 text-lg font-semibold text-white shadow-lg hover:bg-indigo-800"
            >
              {t("attendance.save")}
            </button>
          </form>
        ) : (
          <ul className="mt-2 space-y-3">
            {children.map((child) => (
              <RosterChildCard key={child.enrolmentId} child={child} meetingId={meeting.id} markable={false} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
