import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { sectionWaitlistLink } from "./links.server";
import { formatZoneLabel, formatDateTimeLabel } from "~/kernel/slot-format";
import type { Route } from "./+types/section-waitlist.route";
import { acceptSectionOfferEndpoint, leaveSectionWaitlistEndpoint } from "./enrolment-changes.api";
import { getSectionWaitlistEntry } from "./section-waitlist.server";
import { waitlistPageAction } from "~/lib/forms/waitlist-page-action.server";

async function load(request: Request, { db, config }: Route.LoaderArgs["context"], token: string) {
  const lang = langFromPath(new URL(request.url).pathname);
  const entry = await getSectionWaitlistEntry(db, config.sessionSecret, await sectionWaitlistLink.open(db, config.sessionSecret, token), lang);
  if (!entry) throw data(null, { status: 404 });
  const timeZone = await academyTimeZone(db);
  const label = (at: string) => `${formatDateTimeLabel(at, timeZone, lang)} ${formatZoneLabel(at, timeZone, lang)}`;
  return {
    status: entry.status,
    position: entry.position,
    courseSlug: entry.courseSlug,
    courseName: entry.courseName,
    childName: entry.childName,
    firstClass: label(entry.startsAt),
    offerUntil: entry.offerExpiresAt ? label(entry.offerExpiresAt) : null,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { entry: await load(request, context, token), token, message: null as string | null };
}

// Accepting and leaving: the buttons' POSTs, through the line's JSON endpoints (waitlistPageAction).
export async function action(args: Route.ActionArgs) {
  return waitlistPageAction(args, {
    accept: acceptSectionOfferEndpoint,
    leave: leaveSectionWaitlistEndpoint,
    next: "manageUrl",
    load: (token) => load(args.request, args.context, token),
  });
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

/** /sections/waitlist?token=: a child's place in a full group's line, and the held seat to accept (decision 066). */
export default function SectionWaitlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("sections");
  const navigation = useNavigation();
  const { entry, token, message } = actionData ?? loaderData;
  const busy = navigation.state !== "idle";
  const pending = navigation.formData?.get("intent");
  const button = (intent: "accept" | "leave", label: string, busyLabel: string, className: string) => (
    <button type="submit" name="intent" value={intent} disabled={busy} className={`rounded-lg px-5 py-2 font-semibold disabled:opacity-60 ${className}`}>
      {busy && pending === intent ? busyLabel : label}
    </button>
  );
  const secondary = "border border-slate-400 bg-white text-slate-800 hover:bg-slate-50";
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <PageMeta title={t("waitlist.title")} description={t("waitlist.description")} />
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-extrabold text-slate-900">{t("waitlist.heading")}</h1>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-2xl border border-slate-200 bg-white p-6">
        <dt className="font-semibold text-slate-700">{t("waitlist.course")}</dt>
        <dd className="text-slate-900">{entry.courseName}</dd>
        <dt className="font-semibold text-slate-700">{t("waitlist.firstClass")}</dt>
        <dd className="text-slate-900">{entry.firstClass}</dd>
        <dt className="font-semibold text-slate-700">{t("waitlist.child")}</dt>
        <dd className="text-slate-900">{entry.childName}</dd>
      </dl>
      {message ? (
        <p role="status" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 font-semibold text-slate-900">
          {message}
        </p>
      ) : null}
      {entry.status === "offered" ? (
        <Form method="post" className="mt-6 rounded-lg bg-green-50 p-4">
          <p className="font-semibold text-slate-900">{t("waitlist.offered", { until: entry.offerUntil })}</p>
          <input type="hidden" name="token" value={token} />
          <div className="mt-4 flex flex-wrap gap-3">
            {button("accept", t("waitlist.accept"), t("waitlist.accepting"), "bg-indigo-600 text-white hover:bg-indigo-700")}
            {button("leave", t("waitlist.decline"), t("waitlist.leaving"), secondary)}
          </div>
        </Form>
      ) : entry.status === "waiting" ? (
        <Form method="post" className="mt-6 rounded-lg bg-indigo-50 p-4">
          <p className="font-semibold text-slate-900">{t("waitlist.waiting", { position: entry.position ?? 1 })}</p>
          <input type="hidden" name="token" value={token} />
          <div className="mt-4">{button("leave", t("waitlist.leave"), t("waitlist.leaving"), secondary)}</div>
        </Form>
      ) : (
        <div className="mt-6 rounded-lg bg-slate-50 p-4">
          <p className="font-semibold text-slate-900">{t(`waitlist.${entry.status}`)}</p>
          <LocalLink
            to={`/courses/${entry.courseSlug}#enrol`}
            className="mt-3 inline-block rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700"
          >
            {t("waitlist.courses")}
          </LocalLink>
        </div>
      )}
    </main>
  );
}
