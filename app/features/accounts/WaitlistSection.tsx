import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { AccountWaitlistPlace } from "./account-space.server";
import { AccountSection, Fact, Facts } from "./AccountSection";

/**
 * The parent's current places in the lines of full demo times (decision 032) and full course
 * groups (decision 066; a group's offer is accepted on its place's page). Accepting opens the
 * offer's page (the e-mail's link); leaving posts the entry's token to its page, whose action goes
 * through the leave endpoint, so it works without JavaScript and mail scanners change nothing.
 */
export function WaitlistSection({ places }: { places: AccountWaitlistPlace[] }) {
  const { t } = useTranslation("accounts");
  return (
    <AccountSection id="waitlist" title={t("space.waitlist.heading")}>
      <p className="mt-2 text-sm text-slate-700">{t("space.waitlist.intro")}</p>
      <ul className="mt-2 divide-y divide-slate-200">
        {places.map((place) => {
          const named = { course: place.courseName, date: place.dateLabel };
          return (
            <li key={place.token} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
              <div>
                <p className="font-semibold text-slate-900">{place.courseName}</p>
                <Facts>
                  <Fact label={t("space.waitlist.kind")}>{t(`space.waitlist.kinds.${place.kind}`)}</Fact>
                  <Fact label={t("space.waitlist.child")}>{place.childName}</Fact>
                  <Fact label={t(place.kind === "group" ? "space.waitlist.whenGroup" : "space.waitlist.when")}>
                    {t("space.bookings.dateTime", { date: place.dateLabel, time: place.timeLabel })}
                    <span className="block text-slate-600">{place.zoneLabel}</span>
                  </Fact>
                  <Fact label={t("space.waitlist.state")}>
                    {place.status === "offered" ? (
                      <span className="font-semibold text-green-900">{t("space.waitlist.heldUntil", { until: place.offerExpiresLabel ?? "" })}</span>
                    ) : (
                      t("space.waitlist.position", { position: place.position ?? 1 })
                    )}
                  </Fact>
                </Facts>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2 self-start">
                {place.acceptUrl ? (
                  <Link
                    to={place.acceptUrl}
                    aria-label={t("space.waitlist.acceptFor", named)}
                    className="rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700"
                  >
                    {t("space.waitlist.accept")}
                  </Link>
                ) : place.kind === "group" ? (
                  <Link
                    to={place.pageUrl}
                    aria-label={t("space.waitlist.viewFor", named)}
                    className="rounded-lg border border-indigo-300 px-3 py-1.5 text-sm font-semibold text-indigo-800 hover:bg-indigo-50"
                  >
                    {t("space.waitlist.view")}
                  </Link>
                ) : null}
                <Form method="post" action={place.pageUrl}>
                  <input type="hidden" name="token" value={place.token} />
                  <button
                    type="submit"
                    name="intent"
                    value="leave"
                    aria-label={t(place.status === "offered" ? "space.waitlist.declineFor" : "space.waitlist.leaveFor", named)}
                    className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
                  >
                    {t(place.status === "offered" ? "space.waitlist.decline" : "space.waitlist.leave")}
                  </button>
                </Form>
              </div>
            </li>
          );
        })}
      </ul>
    </AccountSection>
  );
}
