import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import type { Route } from "./+types/waitlist.route";
import { linkedId } from "./link-tokens.server";
import { acceptWaitlistOffer, leaveDemoWaitlist } from "./waitlist.api";
import { getWaitlistEntry } from "./waitlist.server";
import { waitlistPageAction } from "~/lib/forms/waitlist-page-action.server";

async function load(request: Request, { db, config }: Route.LoaderArgs["context"], token: string) {
  const id = await linkedId(db, config.sessionSecret, "waitlist", token);
  const found = await getWaitlistEntry(db, config.sessionSecret, id, await academyTimeZone(db), langFromPath(new URL(request.url).pathname));
  if (!found) throw data(null, { status: 404 });
  return found.view;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { entry: await load(request, context, token), token, message: null as string | null };
}

// Accepting and leaving: the buttons' POSTs, through the line's JSON endpoints (waitlistPageAction).
export async function action(args: Route.ActionArgs) {
  return waitlistPageAction(args, {
    accept: acceptWaitlistOffer,
    leave: leaveDemoWaitlist,
    next: "confirmationUrl",
    load: (token) => load(args.request, args.context, token),
  });
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

/**
 * /booking/waitlist?token= (the place in line, from the joined e-mail) and /booking/waitlist/accept?token=
 * (the offer e-mail's link): the same page, showing what the entry allows now (decision 032).
 */
export default function WaitlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("booking");
  const navigation = useNavigation();
  const { entry, token, message } = actionData ?? loaderData;
  const busy = navigation.state !== "idle";
  const pending = navigation.formData?.get("intent");
  const bookPage = entry.courseSlug ? `/courses/${entry.courseSlug}/bookdemoclass` : "/courses";
  const button = (intent: "accept" | "leave", label: string, busyLabel: string, className: string) => (
    <button type="submit" name="intent" value={intent} disabled={busy} className={`rounded-lg px-5 py-2 font-semibold disabled:opacity-60 ${className}`}>
      {busy && pending === intent ? busyLabel : label}
    </button>
  );
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <PageMeta title={t("waitlist.status.title")} description={t("waitlist.status.description")} />
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-extrabold text-slate-900">{t("waitlist.status.heading")}</h1>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-2xl border border-slate-200 bg-white p-6">
        <dt className="font-semibold text-slate-700">{t("details.course")}</dt>
        <dd className="text-slate-900">{entry.courseName}</dd>
        <dt className="font-semibold text-slate-700">{t("details.date")}</dt>
        <dd className="text-slate-900">{entry.dateLabel}</dd>
        <dt className="font-semibold text-slate-700">{t("details.time")}</dt>
        <dd className="text-slate-900">
          {entry.timeLabel} {entry.zoneLabel}
        </dd>
        <dt className="font-semibold text-slate-700">{t("waitlist.admin.child")}</dt>
        <dd className="text-slate-900">{entry.childName}</dd>
      </dl>
      {message ? (
        <p role="status" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 font-semibold text-slate-900">
          {message}
        </p>
      ) : null}
      {entry.status === "offered" ? (
        <Form method="post" className="mt-6 rounded-lg bg-green-50 p-4">
          <p className="font-semibold text-slate-900">{t("waitlist.status.offered", { until: entry.offerExpiresLabel })}</p>
          <input type="hidden" name="token" value={token} />
          <div className="mt-4 flex flex-wrap gap-3">
            {button("accept", t("waitlist.status.accept"), t("waitlist.status.accepting"), "bg-indigo-600 text-white hover:bg-indigo-700")}
            {button("leave", t("waitlist.status.decline"), t("waitlist.status.leaving"), "border border-slate-400 bg-white text-slate-800 hover:bg-slate-50")}
          </div>
        </Form>
      ) : entry.status === "waiting" ? (
        <Form method="post" className="mt-6 rounded-lg bg-indigo-50 p-4">
          <p className="font-semibold text-slate-900">{t("waitlist.status.waiting", { position: entry.position ?? 1 })}</p>
          <input type="hidden" name="token" value={token} />
          <div className="mt-4">
            {button("leave", t("waitlist.status.leave"), t("waitlist.status.leaving"), "border border-slate-400 bg-white text-slate-800 hover:bg-slate-50")}
          </div>
        </Form>
      ) : (
        <div className="mt-6 rounded-lg bg-slate-50 p-4">
          <p className="font-semibold text-slate-900">{t(entry.closedByAcademy ? "waitlist.status.closed" : `waitlist.status.${entry.status}`)}</p>
          {entry.status === "booked" && entry.bookingReference && entry.courseSlug ? (
            <LocalLink
              to={`/courses/${entry.courseSlug}/bookdemoclass/book-demo-class-slot-booked-page?ref=${encodeURIComponent(entry.bookingReference)}`}
              className="mt-3 inline-block rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700"
            >
              {t("waitlist.status.viewBooking")}
            </LocalLink>
          ) : (
            <LocalLink to={bookPage} className="mt-3 inline-block rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700">
              {t("waitlist.status.bookAnother")}
            </LocalLink>
          )}
        </div>
      )}
    </main>
  );
}
