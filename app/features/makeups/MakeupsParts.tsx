import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import type { ChildGroup, CreditView } from "./makeups-overview.server";
import { withCountWords } from "./count-words";

/** What a form post answered: the message (done or refused) and field errors. */
export interface FormAnswer {
  message: string;
  done: boolean;
  errors: Record<string, string>;
}

/** The answer of the last post: said politely when done (green), as an alert when refused (amber). */
export function AnswerNote({ answer }: { answer: FormAnswer | null | undefined }) {
  if (!answer?.message) return null;
  return (
    <p
      role={answer.done ? "status" : "alert"}
      className={`rounded-lg border p-4 font-semibold text-slate-900 ${answer.done ? "border-emerald-200 bg-emerald-50" : "border-amber-300 bg-amber-50"}`}
    >
      {answer.message}
    </p>
  );
}

const button = "rounded-lg px-4 py-2 font-semibold text-white disabled:opacity-60";

/** How many coming classes per child and make-up choices per credit the account's page opens with (issue 42). */
export const FIRST_SHOWN = 4;

/**
 * "Show N more" under a shortened list: a plain link to the page with everything (`moreHref`),
 * so it works without JavaScript. Nothing when the list is whole or no link is given.
 */
function MoreLink({ hidden, moreHref, kind }: { hidden: number; moreHref: string | undefined; kind: "classes" | "choices" }) {
  const { t } = useTranslation("makeups");
  if (hidden <= 0 || !moreHref) return null;
  return (
    <Link to={moreHref} preventScrollReset className="mt-3 inline-block font-medium text-indigo-700 underline hover:text-indigo-900">
      {t(kind === "classes" ? "page.moreClasses" : "page.moreChoices", { count: hidden })}
    </Link>
  );
}

/**
 * A child's coming classes, each with its absence form (a plain post), or what was reported.
 * `hidden` are the fields the page's action needs beside the meeting (the enrolment, or the link's token).
 */
export function ComingClasses({
  group,
  hidden,
  noticeHours,
  limit,
  moreHref,
}: {
  group: ChildGroup;
  hidden: Record<string, string>;
  noticeHours: number;
  limit?: number;
  moreHref?: string;
}) {
  const { t } = useTranslation("makeups");
  const navigation = useNavigation();
  const pendingMeeting = navigation.formData?.get("intent") === "report" ? navigation.formData.get("meetingId") : null;
  const shown = limit === undefined ? group.meetings : group.meetings.slice(0, limit);
  return (
    <>
      <ul className="mt-4 space-y-3">
        {shown.map((meeting) => {
          const base = `m-${group.enrolmentId}-${meeting.id}`;
          return (
            <li key={meeting.id} className="rounded-xl border border-slate-200 bg-white p-4">
              <p id={`${base}-when`} className="font-semibold text-slate-900">
                {t("page.when", { date: meeting.date, time: meeting.time })}
              </p>
              {meeting.absence ? (
                <p className={`mt-1 text-sm font-semibold ${meeting.absence.withNotice ? "text-emerald-800" : "text-amber-900"}`}>
                  {meeting.absence.withNotice ? t("page.reportedWithCredit") : t("page.reportedLate")}
                </p>
              ) : (
                <Form method="post" className="mt-2 space-y-2">
                  {Object.entries(hidden).map(([name, value]) => (
                    <input key={name} type="hidden" name={name} value={value} />
                  ))}
                  <input type="hidden" name="meetingId" value={meeting.id} />
                  <p id={`${base}-notice`} className={`text-sm ${meeting.inNotice ? "text-slate-700" : "font-semibold text-amber-900"}`}>
                    {meeting.inNotice
                      ? t("page.inNotice", { deadline: meeting.deadline })
                      : t(
                          "page.lateNotice",
                          withCountWords({ hours: noticeHours }, (word, count) => t(word, { count })),
                        )}
                  </p>
                  {/* The reason is optional: folded away (a native disclosure, no script), so each class is one line and one button. */}
                  <details className="text-sm">
                    <summary className="cursor-pointer font-medium text-indigo-700">{t("page.addReason")}</summary>
                    <label htmlFor={`${base}-reason`} className="mt-2 block font-semibold text-slate-900">
                      {t("page.reason")}
                    </label>
                    <input
                      id={`${base}-reason`}
                      name="reason"
                      type="text"
                      maxLength={300}
                      autoComplete="off"
                      className="mt-1 block w-full rounded-lg border border-slate-400 p-2"
                    />
                  </details>
                  <button
                    type="submit"
                    name="intent"
                    value="report"
                    aria-describedby={`${base}-when ${base}-notice`}
                    className={`${button} bg-indigo-600 hover:bg-indigo-700`}
                  >
                    {pendingMeeting === String(meeting.id) ? t("page.reporting") : t("page.report")}
                  </button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
      <MoreLink hidden={group.meetings.length - shown.length} moreHref={moreHref} kind="classes" />
    </>
  );
}

/** The family's credits: earned for, expiry, where spent; a book form for an unspent one, a cancel form for a booked one. */
export function CreditsList({ credits, limit, moreHref }: { credits: CreditView[]; limit?: number; moreHref?: string }) {
  const { t } = useTranslation("makeups");
  const navigation = useNavigation();
  const pending = navigation.formData ? `${String(navigation.formData.get("intent"))}-${String(navigation.formData.get("creditId"))}` : "";
  if (credits.length === 0) return <p className="mt-3 text-slate-700">{t("page.noCredits")}</p>;
  return (
    <ul className="mt-4 space-y-4">
      {credits.map((credit) => (
        <li key={credit.id} className="rounded-xl border border-slate-200 bg-white p-4">
          <p id={`credit-${credit.id}`} className="font-semibold text-slate-900">
            {t("page.child", { child: credit.childName, course: credit.courseName })}
          </p>
          <p className="text-sm text-slate-700">{t("page.earnedFor", { when: credit.earnedFor })}</p>
          <p className="text-sm text-slate-700">{t("page.expires", { when: credit.expires })}</p>
          <p className="mt-1 text-sm font-semibold text-slate-900">{t(`page.status.${credit.status}`)}</p>
          {credit.makeup ? <p className="text-sm text-slate-900">{t("page.makeupAt", { when: credit.makeup })}</p> : null}
          {credit.status === "booked" ? (
            credit.cancellable ? (
              <Form method="post" className="mt-2">
                <input type="hidden" name="creditId" value={credit.id} />
                <button type="submit" name="intent" value="cancel" aria-describedby={`credit-${credit.id}`} className={`${button} bg-red-700 hover:bg-red-800`}>
                  {pending === `cancel-${credit.id}` ? t("page.cancelling") : t("page.cancel")}
                </button>
              </Form>
            ) : (
              <p className="mt-2 text-sm text-slate-700">{t("page.cancelLocked")}</p>
            )
          ) : null}
          {credit.status === "available" ? (
            credit.choices.length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">{t("page.noChoices")}</p>
            ) : (
              <Form method="post" className="mt-3 space-y-2">
                <input type="hidden" name="creditId" value={credit.id} />
                <fieldset>
                  <legend className="font-semibold text-slate-900">{t("page.choose")}</legend>
                  <div className="mt-2 space-y-2">
                    {(limit === undefined ? credit.choices : credit.choices.slice(0, limit)).map((choice) => (
                      <div
                        key={choice.id}
                        className="flex gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50"
                      >
                        <input type="radio" id={`c-${credit.id}-${choice.id}`} name="meetingId" value={choice.id} required className="mt-1 h-4 w-4 shrink-0" />
                        <label htmlFor={`c-${credit.id}-${choice.id}`} className="cursor-pointer text-slate-900">
                          {choice.label} · {t("page.placesLeft", { count: choice.placesLeft })}
                        </label>
                      </div>
                    ))}
                  </div>
                </fieldset>
                <button
                  type="submit"
                  name="intent"
                  value="book"
                  aria-describedby={`credit-${credit.id}`}
                  className={`${button} bg-indigo-600 hover:bg-indigo-700`}
                >
                  {pending === `book-${credit.id}` ? t("page.booking") : t("page.book")}
                </button>
                <MoreLink hidden={limit === undefined ? 0 : credit.choices.length - limit} moreHref={moreHref} kind="choices" />
              </Form>
            )
          ) : null}
        </li>
      ))}
    </ul>
  );
}
