import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { timeZoneOf } from "~/features/site/academy-zone.server";
import { getSiteSettings } from "~/features/site/site.server";
import type { Route } from "./+types/booking-cancel.route";
import { BookingDetails } from "./BookingDetails";
import { changeRefusal } from "./booking.api";
import { cancelBooking, changeDeadline, getBookingByCancelToken } from "./booking.server";
import { linkedId } from "./link-tokens.server";
import { isLinkToken } from "~/lib/link-token";

/** The booking, and why the parent can no longer cancel it online (null while they still can). */
async function load(request: Request, { db, config }: Route.LoaderArgs["context"], token: string) {
  const lang = langFromPath(new URL(request.url).pathname);
  const settings = await getSiteSettings(db);
  const booking = await getBookingByCancelToken(db, config.sessionSecret, token, timeZoneOf(settings), lang);
  if (!booking) throw data(null, { status: 404 });
  const now = new Date().toISOString();
  const locked =
    booking.status === "cancelled" || booking.startsAt > changeDeadline(now, settings.demoChangeCutoffHours)
      ? null
      : changeRefusal(lang, booking.startsAt <= now ? "started" : "tooLate", settings);
  return { booking, locked };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { ...(await load(request, context, token)), token, justCancelled: false };
}

// The e-mail link opens this page; the seat is freed by the button (a POST), so mail scanners
// that follow links cannot cancel anyone's class. Cancelling twice changes nothing.
export async function action({ request, context }: Route.ActionArgs) {
  // Anything but a form body (text, broken multipart) is the client's mistake, not a server error.
  const form = await request.formData().catch(() => null);
  if (!form) throw data(null, { status: 400 });
  const token = String(form.get("token") ?? "");
  // Tokens are base64url; anything else (a NUL byte, which PostgreSQL refuses) names no booking.
  if (!isLinkToken(token)) throw data(null, { status: 404 });
  const { demoChangeCutoffHours } = await getSiteSettings(context.db);
  const result = await cancelBooking(
    context.db,
    { id: await linkedId(context.db, context.config.sessionSecret, "booking", token) },
    { cutoffHours: demoChangeCutoffHours },
  );
  if (result === "notFound") throw data(null, { status: 404 });
  return { ...(await load(request, context, token)), token, justCancelled: result === "cancelled" };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

/** /booking/cancel?token=...: cancel a demo class booking from the confirmation e-mail. */
export default function BookingCancelPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("booking");
  const navigation = useNavigation();
  const { booking, locked, token, justCancelled } = actionData ?? loaderData;
  const cancelled = booking.status === "cancelled";
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <PageMeta title={t("meta.cancelTitle")} description={t("meta.cancelDescription")} />
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-extrabold text-slate-900">{t("cancel.heading")}</h1>
      {cancelled ? (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-4 font-semibold text-slate-900">
          {justCancelled ? t("cancel.done") : t("cancel.already")}
        </p>
      ) : locked ? (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 p-4 font-semibold text-slate-900">
          {locked}
        </p>
      ) : (
        <Form method="post" className="mt-4 rounded-lg bg-amber-50 p-4">
          <p className="text-slate-900">{t("cancel.confirmText")}</p>
          <input type="hidden" name="token" value={token} />
          <button
            type="submit"
            disabled={navigation.state !== "idle"}
            className="mt-4 rounded-lg bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {navigation.state === "submitting" ? t("cancel.cancelling") : t("cancel.button")}
          </button>
        </Form>
      )}
      <div className="mt-8">
        <BookingDetails booking={booking} headingId="cancel-details" />
      </div>
      {cancelled ? (
        <LocalLink
          to={booking.courseSlug ? `/courses/${booking.courseSlug}/bookdemoclass` : "/courses"}
          className="mt-8 inline-block rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700"
        >
          {t("cancel.bookAgain")}
        </LocalLink>
      ) : null}
    </main>
  );
}
