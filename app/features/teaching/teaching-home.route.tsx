import { useTranslation } from "react-i18next";
import { langFromPath } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { AdminRouteError } from "~/features/admin-kit/AdminError";
import { formatDateLabel, formatTimeLabel, formatZoneLabel } from "~/kernel/slot-format";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import type { Route } from "./+types/teaching-home.route";
import { requireTeachingPage } from "./teaching-page.server";
import { taughtTeacherId } from "./teaching-access.server";
import { taughtGroups, teachingWeek, type TeachingMeeting } from "./teaching.server";
import { TaughtGroups } from "./TaughtGroups";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireTeachingPage(context, request);
  const lang = langFromPath(new URL(request.url).pathname);
  const timeZone = await academyTimeZone(context.db);
  const [week, groups] = await Promise.all([teachingWeek(context.db, user, timeZone), taughtGroups(context.db, user)]);
  const now = new Date().toISOString();
  const unlinked = user.role === "instructor" && (await taughtTeacherId(context.db, user)) === null;
  // Labels are made here, once, in the academy's zone (the page has no script to format them).
  const shown = (meeting: TeachingMeeting) => ({
    id: meeting.id,
    course: pick({ name_en: meeting.courseEn, name_ar: meeting.courseAr }, "name", lang),
    date: formatDateLabel(meeting.startsAt, timeZone, lang),
    time: formatTimeLabel(meeting.startsAt, timeZone, lang),
    cancelled: meeting.cancelled,
    enrolled: meeting.enrolled,
    marked: meeting.marked,
  });
  return {
    unlinked,
    zone: formatZoneLabel(new Date(), timeZone, lang),
    today: week.today.map(shown),
    week: week.week.map(shown),
    later: week.later.map(shown),
    recent: week.recent.map(shown),
    groups: groups.map((group) => ({
      id: group.id,
      course: pick({ name_en: group.courseEn, name_ar: group.courseAr }, "name", lang),
      first: formatDateLabel(group.startsAt, timeZone, lang),
      last: formatDateLabel(group.endsAt, timeZone, lang),
      ended: group.endsAt < now,
      enrolled: group.enrolled,
    })),
  };
}

type Shown = Awaited<ReturnType<typeof loader>>["today"][number];

export function ErrorBoundary() {
  return <AdminRouteError />;
}

/** /teaching: an instructor's classes, today's first, then the week's, later ones and the last seven days. */
export default function TeachingHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("teaching");
  const { unlinked, zone, today, week, later, recent, groups } = loaderData;
  return (
    <div className="space-y-6">
      <PageMeta title={t("meta.homeTitle")} description={t("meta.homeDescription")} />
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t("home.heading")}</h1>
        <p className="mt-1 text-sm text-slate-700">{t("home.intro", { zone })}</p>
      </header>
      {unlinked ? <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">{t("home.noTeacher")}</p> : null}
      <MeetingList id="today" title={t("home.today")} meetings={today} empty={t("home.noneToday")} />
      <MeetingList id="week" title={t("home.week")} meetings={week} empty={t("home.noneWeek")} />
      {later.length > 0 ? <MeetingList id="later" title={t("home.later")} meetings={later} /> : null}
      {recent.length > 0 ? <MeetingList id="recent" title={t("home.recent")} meetings={recent} /> : null}
      <TaughtGroups groups={groups} />
      {!unlinked && today.length + week.length + later.length === 0 ? <p className="text-slate-700">{t("home.nothing")}</p> : null}
    </div>
  );
}

function MeetingList({ id, title, meetings, empty }: { id: string; title: string; meetings: Shown[]; empty?: string }) {
  const { t } = useTranslation("teaching");
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {meetings.length === 0 ? (
        <p className="mt-1 text-slate-700">{empty}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {meetings.map((meeting) => (
            <li key={meeting.id}>
              <LocalLink
                to={`/teaching/meetings/${meeting.id}`}
                className="block rounded-xl border border-slate-300 bg-white p-3 hover:border-indigo-500 hover:bg-indigo-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <span className="block font-semibold text-indigo-800 underline">{meeting.course}</span>
                <span className="block text-slate-800">
                  {meeting.date}
                  {t("home.at")}
                  <bdi>{meeting.time}</bdi>
                </span>
                <span className="block text-sm text-slate-700">
                  {meeting.cancelled ? (
                    <strong className="text-red-800">{t("home.cancelled")}</strong>
                  ) : (
                    t("home.marked", { marked: meeting.marked, enrolled: meeting.enrolled })
                  )}
                </span>
              </LocalLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
