import { useTranslation } from "react-i18next";
import { langFromPath } from "~/i18n/lang";
import { useServedState } from "~/lib/forms/served-state";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { AdminRouteError } from "~/features/admin-kit/AdminError";
import type { Route } from "./+types/check-in.route";
import { CHECK_IN_FORM } from "./attendance-forms";
import { PassTokenField, scanButton as button } from "./PassParts";
import { checkedIn, checkInPageAction, passPreview } from "./check-in-page.server";
import { requireTeachingPage } from "./teaching-page.server";

/** A pass's check-in runs POST /api/teaching/check-ins in process (the page ships no script). */
export const action = checkInPageAction;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireTeachingPage(context, request);
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const token = url.searchParams.get("token");
  return {
    preview: token ? await passPreview(context, user, token.slice(0, 400), lang) : null,
    checked: await checkedIn(context, user, url),
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}

/**
 * /teaching/check-in (issue 45 item 4, decision 141): a class pass's QR code opens this page on the
 * instructor's phone with `?token=`; it names the child and today's class, and one button marks the
 * child present (a GET never writes). At a desk, a scanner types the pass into the field and
 * submits it (scanners end with Enter), and the page is ready for the next one.
 */
export default function CheckInPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("teaching");
  const { preview, checked } = loaderData;
  const served = useServedState(CHECK_IN_FORM);
  return (
    <div className="space-y-5">
      <PageMeta title={t("checkIn.title")} description={t("checkIn.intro")} />
      <h1 className="text-2xl font-bold text-slate-900">{t("checkIn.title")}</h1>
      {checked ? (
        <div id="check-in-result" role="status" className="space-y-2 rounded-xl border border-emerald-300 bg-emerald-50 p-4">
          <p className="text-lg font-semibold text-emerald-900">
            {t(checked.already ? "api.checkIn.already" : "api.checkIn.done", { child: checked.childName })}
          </p>
          <LocalLink to={`/teaching/meetings/${checked.meetingId}`} className="font-medium text-indigo-800 underline">
            {t("checkIn.roster")}
          </LocalLink>
        </div>
      ) : null}
      {preview && !preview.ok ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-900">
          {preview.message}
        </p>
      ) : null}
      {preview?.ok ? (
        <form method="post" id={CHECK_IN_FORM} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <FormAlert message={served?.message} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-900">
            <dt className="font-medium">{t("checkIn.child")}</dt>
            <dd>
              <bdi>{preview.childName}</bdi>
            </dd>
            <dt className="font-medium">{t("checkIn.course")}</dt>
            <dd>{preview.course}</dd>
            <dt className="font-medium">{t("checkIn.class")}</dt>
            <dd>{t("checkIn.classWhen", { date: preview.meeting.date, time: preview.meeting.time })}</dd>
          </dl>
          <input type="hidden" name="token" value={preview.token} />
          <button type="submit" className={button}>
            {t("checkIn.confirm", { child: preview.childName })}
          </button>
        </form>
      ) : (
        <form method="post" id={CHECK_IN_FORM} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <p className="text-slate-800">{t("checkIn.intro")}</p>
          <FormAlert message={served?.message} />
          <PassTokenField id="check-in-token" label={checked ? t("checkIn.next") : t("checkIn.field")} hint={t("checkIn.fieldHint")} />
          <button type="submit" className={button}>
            {t("checkIn.submit")}
          </button>
        </form>
      )}
    </div>
  );
}
