import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { FormAlert } from "~/ui/FormAlert";
import { inputClass } from "~/ui/Field";
import { AccountSection, accountButtonClass } from "./AccountSection";
import { alertClass } from "./AuthCard";
import { useAccountForm } from "./use-account-form";
import { CALENDAR_FORMS } from "~/features/timetable/forms";
import type { FeedLink } from "~/features/timetable/timetable.server";

/**
 * The family's private calendar feed on /account (issue 29, decision 068): make the link, see it
 * again, subscribe (webcal:), make a new one in its place, or switch it off. Plain form posts
 * without JavaScript; with it, the same endpoints as JSON and the page reloads its data.
 */
export function CalendarFeedSection({ feed }: { feed: FeedLink | null }) {
  const { t } = useTranslation("timetable");
  const { revalidate } = useRevalidator();
  const renew = useAccountForm("request", {
    id: CALENDAR_FORMS.renew,
    schema: () => import("./accounts.schema").then((schemas) => schemas.buttonOnlySchema),
    endpoint: { path: "/api/account/calendar-feed" },
    onSuccess: async () => {
      await revalidate();
    },
  });
  const revoke = useAccountForm("request", {
    id: CALENDAR_FORMS.revoke,
    schema: () => import("./accounts.schema").then((schemas) => schemas.buttonOnlySchema),
    endpoint: { method: "DELETE", path: "/api/account/calendar-feed" },
    onSuccess: async () => {
      await revalidate();
    },
  });
  return (
    <AccountSection id="calendar" title={t("calendar.heading")}>
      <p className="mt-2 text-slate-700">{t("calendar.intro")}</p>
      <p className="mt-2 text-sm text-slate-600">{t("calendar.private")}</p>
      {feed ? (
        <div className="mt-4 space-y-3">
          <label htmlFor="calendar-feed-url" className="block font-medium text-slate-800">
            {t("calendar.linkLabel")}
          </label>
          <input id="calendar-feed-url" type="url" readOnly dir="ltr" value={feed.url} className={`${inputClass} font-mono text-sm`} />
          <a href={feed.webcal} className="inline-block font-semibold text-indigo-700 underline hover:text-indigo-900" data-feed-url={feed.url}>
            {t("calendar.subscribe")}
          </a>
        </div>
      ) : (
        <p className="mt-3 text-slate-700">{t("calendar.none")}</p>
      )}
      <div className="mt-4 flex flex-wrap items-start gap-3">
        <form {...renew.formProps} id={CALENDAR_FORMS.renew}>
          <input type="hidden" name="form" value={CALENDAR_FORMS.renew} />
          <FormAlert message={renew.refusal} className={alertClass} />
          <button type="submit" disabled={renew.pending} className={accountButtonClass} aria-describedby={feed ? "calendar-renew-hint" : undefined}>
            {feed ? t("calendar.renew") : t("calendar.create")}
          </button>
          {feed ? (
            <p id="calendar-renew-hint" className="mt-1 text-sm text-slate-600">
              {t("calendar.renewHint")}
            </p>
          ) : null}
        </form>
        {feed ? (
          <form {...revoke.formProps} id={CALENDAR_FORMS.revoke}>
            <input type="hidden" name="form" value={CALENDAR_FORMS.revoke} />
            <FormAlert message={revoke.refusal} className={alertClass} />
            <button
              type="submit"
              disabled={revoke.pending}
              className="rounded-lg border border-red-300 px-4 py-2.5 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
            >
              {t("calendar.revoke")}
            </button>
          </form>
        ) : null}
      </div>
    </AccountSection>
  );
}
