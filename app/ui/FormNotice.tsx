import { useTranslation } from "react-i18next";
import { useLocation, useMatches } from "react-router";
import { NOTICE_ID, noticeFor } from "~/lib/forms/notice";

/**
 * The outcome of a form that posted without JavaScript, shown on the page it came back to. A route
 * that shows a notice itself, in its own words, lists it in `handle.notices` (the enrolment
 * confirmation names the camp).
 */
export function FormNotice() {
  const { search } = useLocation();
  const matches = useMatches();
  const { t } = useTranslation();
  const name = new URLSearchParams(search).get("notice");
  const notice = noticeFor(name);
  if (!notice || matches.some((match) => (match.handle as { notices?: readonly string[] } | undefined)?.notices?.includes(name!))) return null;
  return (
    <p
      id={NOTICE_ID}
      role="status"
      className="mx-auto mt-4 scroll-mt-24 max-w-3xl rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-center font-semibold text-green-900"
    >
      {t(notice.key, { ns: notice.ns })}
    </p>
  );
}
