import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { getSiteSettings } from "~/features/site/site.server";
import { enrolmentLink } from "~/features/enrolments/links.server";
import { formatDateLabel, formatTimeLabel } from "~/kernel/slot-format";
import type { Route } from "./+types/enrolment-manage.route";
import { toSectionCard } from "./course-sections.server";
import { parentDropEnrolment, parentMoveEnrolment } from "./enrolment-changes.api";
import { dropMoneyView, enrolmentForManage } from "./enrolment-manage.server";
import { DropMoneyNote } from "./DropMoneyNote";
import { isLinkToken } from "~/lib/link-token";

async function load(request: Request, { db, config, user }: Route.LoaderArgs["context"], token: string) {
  const lang = langFromPath(new URL(request.url).pathname);
  const id = await enrolmentLink.open(db, config.sessionSecret, token);
  const found = id === undefined ? undefined : await enrolmentForManage(db, id, lang);
  if (!found || id === undefined) throw data(null, { status: 404 });
  const { phone } = await getSiteSettings(db);
  return {
    enrolment: found.enrolment,
    section: toSectionCard(found.section, found.timeZone, lang),
    alternatives: found.alternatives.map((section) => toSectionCard(section, found.timeZone, lang)),
    canChange: found.canChange,
    deadline: { date: formatDateLabel(found.changeDeadline, found.timeZone, lang), time: formatTimeLabel(found.changeDeadline, found.timeZone, lang) },
    phone,
    money: await dropMoneyView(db, id, lang),
    signedIn: user !== null,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { ...(await load(request, context, token)), token, message: null as string | null, done: false, errors: {} as Record<string, string> };
}

// The e-mail's link only opens this page; moving and dropping are its forms' POSTs, through the
// JSON endpoints run in process (their limits, checks and messages), with or without JavaScript.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) throw data(null, { status: 400 });
  const token = String(form.get("token") ?? "");
  if (!isLinkToken(token)) throw data(null, { status: 404 });
  const intent = form.get("intent");
  if (intent !== "move" && intent !== "drop") throw data(null, { status: 400 });
  const lang = langFromPath(new URL(request.url).pathname);
  const sectionId = String(form.get("sectionId") ?? "");
  const input =
    intent === "move" ? { token, sectionId: /^\d{1,9}$/.test(sectionId) ? Number(sectionId) : null } : { token, reason: String(form.get("reason") ?? "") };
  const answer = await context.run(intent === "move" ? parentMoveEnrolment : parentDropEnrolment, { input, lang });
  if (answer.status === 404) throw data(null, { status: 404 });
  const errors = (answer.body.errors ?? {}) as Record<string, string>;
  return data(
    { ...(await load(request, context, token)), token, message: String(answer.body.message ?? ""), done: answer.status < 300, errors },
    { status: answer.status >= 400 ? answer.status : 200, headers: { "Cache-Control": "private, no-store" } },
  );
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

/** /enrolments/manage?token=: an enrolment's own page, from its e-mails: move to another group, or drop (decision 066). */
export default function EnrolmentManagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("sections");
  const navigation = useNavigation();
  const { enrolment, section, alternatives, canChange, deadline, phone, money, signedIn, token, message, done, errors } = actionData ?? loaderData;
  const busy = navigation.state !== "idle";
  const pending = navigation.formData?.get("intent");
  const live = enrolment.status === "enrolled";
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <PageMeta title={t("manage.title")} description={t("manage.description")} />
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-extrabold text-slate-900">{t("manage.heading")}</h1>
      {signedIn ? (
        <LocalLink to="/account#timetable-heading" className="mt-2 inline-block font-medium text-indigo-700 underline hover:text-indigo-900">
          {t("manage.back")}
        </LocalLink>
      ) : null}
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-2xl border border-slate-200 bg-white p-6">
        <dt className="font-semibold text-slate-700">{t("waitlist.course")}</dt>
        <dd className="text-slate-900">{enrolment.courseName}</dd>
        <dt className="font-semibold text-slate-700">{t("waitlist.child")}</dt>
        <dd className="text-slate-900">{enrolment.childName}</dd>
        <dt className="font-semibold text-slate-700">{t("manage.code")}</dt>
        <dd className="font-mono text-slate-900" dir="ltr">
          {enrolment.code}
        </dd>
        <dt className="font-semibold text-slate-700">{t("manage.group")}</dt>
        <dd className="text-slate-900">
          {t("page.schedule", { days: section.days, time: section.time })}
          <br />
          {t("page.dates", { first: section.first, last: section.last })}
        </dd>
      </dl>
      <p role="status" className="mt-4 font-semibold text-slate-900">
        {t(`manage.status.${enrolment.status}`)}
      </p>
      {message ? (
        // Done: said politely (green); refused: an alert (amber), the page otherwise as it was.
        <p
          role={done ? "status" : "alert"}
          className={`mt-4 rounded-lg border p-4 font-semibold text-slate-900 ${done ? "border-emerald-200 bg-emerald-50" : "border-amber-300 bg-amber-50"}`}
        >
          {message}
        </p>
      ) : null}
      {!live ? (
        <div className="mt-6 rounded-lg bg-slate-50 p-4">
          <p className="font-semibold text-slate-900">{t("manage.ended")}</p>
          <LocalLink
            to={`/courses/${enrolment.courseSlug ?? ""}#enrol`}
            className="mt-3 inline-block rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700"
          >
            {t("manage.courses")}
          </LocalLink>
        </div>
      ) : !canChange ? (
        <p className="mt-6 rounded-lg bg-amber-50 p-4 font-semibold text-slate-900">{t("manage.locked", { phone })}</p>
      ) : (
        <>
          <p className="mt-4 text-slate-700">{t("manage.deadline", deadline)}</p>
          <section id="move" aria-labelledby="move-heading" className="mt-8 scroll-mt-4 rounded-2xl border border-slate-200 p-6">
            <h2 id="move-heading" className="text-xl font-bold text-slate-900">
              {t("manage.moveHeading")}
            </h2>
            <p className="mt-2 text-slate-700">{t("manage.moveIntro")}</p>
            <DropMoneyNote money={money} kind="move" />
            {alternatives.length === 0 ? (
              <p className="mt-4 text-slate-700">{t("manage.noOther")}</p>
            ) : (
              <Form method="post" className="mt-4 space-y-3">
                <input type="hidden" name="token" value={token} />
                <fieldset aria-describedby={errors.sectionId ? "move-error" : undefined}>
                  <legend className="sr-only">{t("page.choose")}</legend>
                  {errors.sectionId ? (
                    <p id="move-error" className="text-sm text-red-700">
                      {errors.sectionId}
                    </p>
                  ) : null}
                  <div className="space-y-3">
                    {alternatives.map((other) => (
                      <div
                        key={other.id}
                        className="flex gap-3 rounded-xl border border-slate-200 p-4 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50"
                      >
                        <input
                          type="radio"
                          id={`move-${other.id}`}
                          name="sectionId"
                          value={other.id}
                          required
                          aria-describedby={`move-${other.id}-about`}
                          className="mt-1 h-4 w-4 shrink-0"
                        />
                        <div>
                          <label htmlFor={`move-${other.id}`} className="block cursor-pointer font-semibold text-slate-900">
                            {t("page.schedule", { days: other.days, time: other.time })}
                          </label>
                          <p id={`move-${other.id}-about`} className="text-sm text-slate-700">
                            {t("page.dates", { first: other.first, last: other.last })} · {t("page.seatsLeft", { count: other.seatsLeft })}
                            {other.instructor ? <> · {t("page.instructor", { name: other.instructor })}</> : null}
                          </p>
                        </div>
                      </div>
                    ))}
                  </div>
                </fieldset>
                <button
                  type="submit"
                  name="intent"
                  value="move"
                  disabled={busy}
                  className="rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
                >
                  {busy && pending === "move" ? t("manage.moving") : t("manage.moveSubmit")}
                </button>
              </Form>
            )}
          </section>
          <section id="drop" aria-labelledby="drop-heading" className="mt-8 scroll-mt-4 rounded-2xl border border-red-200 p-6">
            <h2 id="drop-heading" className="text-xl font-bold text-slate-900">
              {t("manage.dropHeading")}
            </h2>
            <p className="mt-2 text-slate-700">{t("manage.dropIntro")}</p>
            <DropMoneyNote money={money} kind="drop" />
            <Form method="post" className="mt-4 space-y-3">
              <input type="hidden" name="token" value={token} />
              <label htmlFor="drop-reason" className="block font-semibold text-slate-900">
                {t("manage.reason")}
              </label>
              <textarea
                id="drop-reason"
                name="reason"
                maxLength={500}
                rows={3}
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={errors.reason ? "drop-reason-error" : undefined}
                className="block w-full rounded-lg border border-slate-400 p-2"
              />
              {errors.reason ? (
                <p id="drop-reason-error" className="text-sm text-red-700">
                  {errors.reason}
                </p>
              ) : null}
              <button
                type="submit"
                name="intent"
                value="drop"
                disabled={busy}
                className="rounded-lg bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
              >
                {busy && pending === "drop" ? t("manage.dropping") : t("manage.dropSubmit")}
              </button>
            </Form>
          </section>
        </>
      )}
    </main>
  );
}
