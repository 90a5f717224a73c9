import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { requireAdminPage } from "~/lib/page-guards.server";
import { formatInstant } from "~/lib/dates";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { AdminRouteError } from "~/features/admin-kit/AdminError";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import type { Route } from "./+types/teaching-messages.route";
import { teachingThread, teachingThreads } from "./inbox.api";

/**
 * /teaching/messages (decision 134): an instructor's inbox, read through the teaching endpoints run
 * in process (decision 132): only the threads of their own groups' families; another family's
 * thread is the endpoint's 403. Read only: the office answers from the academy's number.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request, "teaching");
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const family = (url.searchParams.get("family") ?? "").slice(0, 254);
  const [threads, timeZone] = await Promise.all([context.run(teachingThreads, { input: {}, lang }), academyTimeZone(context.db)]);
  if (!threads.ok) throw data({ message: threads.body.message ?? "" }, { status: threads.status });
  const list = (threads.body.threads ?? []) as { email: string; lastAt: string; count: number }[];
  let messages: { id: number; direction: "in" | "out"; channel: string | null; status: string; body: string; template: string; created_at: string }[] = [];
  if (family) {
    const answer = await context.run(teachingThread, { input: { family }, lang });
    if (!answer.ok) throw data({ message: answer.body.message ?? "" }, { status: answer.status });
    messages = [...((answer.body.messages ?? []) as typeof messages)].reverse();
  }
  const when = (instant: string) => formatInstant(instant, lang, timeZone);
  return {
    family: family.trim().toLowerCase(),
    threads: list.map((row) => ({ email: row.email, count: row.count, last: when(row.lastAt) })),
    messages: messages.map((row) => ({
      id: row.id,
      direction: row.direction,
      channel: row.channel,
      status: row.status,
      text: row.body || row.template,
      at: when(row.created_at),
    })),
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}

export default function TeachingMessages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("messaging");
  const { family, threads, messages } = loaderData;
  return (
    <div className="space-y-5">
      <PageMeta title={t("teachingInbox.title")} description={t("teachingInbox.intro")} />
      <h1 className="text-2xl font-bold text-slate-900">{t("teachingInbox.title")}</h1>
      <p className="text-slate-700">{t("teachingInbox.intro")}</p>
      {family ? (
        <section aria-labelledby="teaching-thread-heading" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="teaching-thread-heading" className="text-lg font-bold text-slate-900">
            {t("teachingInbox.thread")}{" "}
            <span dir="ltr" className="break-all">
              {family}
            </span>
          </h2>
          <ol className="mt-3 space-y-2">
            {messages.map((message) => (
              <li key={message.id} className={`rounded-lg p-3 ${message.direction === "in" ? "bg-slate-100" : "bg-indigo-50"}`}>
                <p className="text-sm text-slate-700">
                  {t(`inbox.${message.direction}`)} · {message.channel ? t(`inbox.channel.${message.channel}`) : "—"} · {t(`inbox.status.${message.status}`)} ·{" "}
                  {message.at}
                </p>
                <p dir="auto" className="mt-1 whitespace-pre-line break-words text-slate-900">
                  {message.text}
                </p>
              </li>
            ))}
          </ol>
          <LocalLink to="/teaching/messages" className="mt-3 inline-block font-medium text-indigo-700 underline">
            {t("teachingInbox.back")}
          </LocalLink>
        </section>
      ) : null}
      <section aria-labelledby="teaching-threads-heading">
        <h2 id="teaching-threads-heading" className="text-lg font-bold text-slate-900">
          {t("teachingInbox.threads")}
        </h2>
        {threads.length === 0 ? <p className="mt-2 text-slate-700">{t("teachingInbox.none")}</p> : null}
        <ul className="mt-2 space-y-2">
          {threads.map((row) => (
            <li key={row.email} className="rounded-lg border border-slate-200 bg-white p-3">
              <LocalLink
                to={`/teaching/messages?family=${encodeURIComponent(row.email)}`}
                aria-current={row.email === family ? "page" : undefined}
                className="font-medium text-indigo-700 underline"
              >
                <span dir="ltr" className="break-all">
                  {row.email}
                </span>
              </LocalLink>
              <p className="text-sm text-slate-600">
                {t("inbox.count", { count: row.count })} · {row.last}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
