import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { requireAdminPage } from "~/lib/page-guards.server";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/admin-messages.route";
import { replyToFamily, staffMessages, staffThreads } from "./messaging.api";
import { assignableMembers, assignThread } from "./inbox.api";
import { familyKey } from "./preferences.server";
import { MessagesNav } from "./MessagesNav";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const url = new URL(request.url);
  const email = (url.searchParams.get("family") ?? "").slice(0, 254);
  const [threads, dead, thread, members] = await Promise.all([
    staffThreads(context.db),
    staffMessages(context.db, { status: "dead" }, 20),
    email ? staffMessages(context.db, { email: familyKey(email) }, 50) : Promise.resolve([]),
    email ? assignableMembers(context.db) : Promise.resolve([]),
  ]);
  return { threads, dead, family: email ? familyKey(email) : "", thread: [...thread].reverse(), members };
}

/** The reply and assignment forms post here without JavaScript: POST /api/admin/messaging/replies and /assignments. */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdminPage(context, request);
  const form = await request.formData().catch(() => null);
  if (!form) throw data(null, { status: 400 });
  const lang = langFromPath(new URL(request.url).pathname);
  const email = String(form.get("email") ?? "");
  const member = String(form.get("userId") ?? "");
  const answer =
    form.get("intent") === "assign"
      ? await context.run(assignThread, { input: { email, userId: member === "" ? null : /^\d{1,10}$/.test(member) ? Number(member) : member }, lang })
      : await context.run(replyToFamily, { input: { email, text: String(form.get("text") ?? "") }, lang });
  return data({ message: String(answer.body.message ?? ""), done: answer.status < 300 }, { status: answer.status >= 400 ? answer.status : 200 });
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** /admin/messages: the inbox, one thread per family, a reply inside the 24-hour window, and messages given up (decision 127). */
export default function AdminMessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("messaging");
  const { threads, dead, family, thread, members } = loaderData;
  const current = threads.find((row) => row.email === family);
  const open = current?.windowOpen ?? false;
  return (
    <div className="space-y-6">
      <PageMeta title={t("inbox.title")} description={t("inbox.intro")} />
      <MessagesNav current="inbox" />
      <h1 className="text-2xl font-bold text-slate-900">{t("inbox.title")}</h1>
      <p className="text-slate-700">{t("inbox.intro")}</p>
      {actionData?.message ? (
        <p
          role={actionData.done ? "status" : "alert"}
          className={`rounded-lg border p-3 font-semibold text-slate-900 ${actionData.done ? "border-emerald-200 bg-emerald-50" : "border-amber-300 bg-amber-50"}`}
        >
          {actionData.message}
        </p>
      ) : null}
      <section aria-labelledby="threads-heading">
        <h2 id="threads-heading" className="text-xl font-bold text-slate-900">
          {t("inbox.threads")}
        </h2>
        {threads.length === 0 ? <p className="mt-2 text-slate-700">{t("inbox.none")}</p> : null}
        <ul className="mt-2 space-y-1">
          {threads.map((row) => (
            <li key={row.email}>
              <LocalLink
                to={`/admin/messages?family=${encodeURIComponent(row.email)}`}
                className="text-indigo-700 underline"
                aria-current={row.email === family ? "page" : undefined}
              >
                <span dir="ltr">{row.email}</span>
              </LocalLink>{" "}
              <span className="text-sm text-slate-600">
                {t("inbox.count", { count: row.count })}
                {row.windowOpen ? `, ${t("inbox.windowOpen")}` : ""}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {family ? (
        <section aria-labelledby="thread-heading" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="thread-heading" className="text-xl font-bold text-slate-900">
            {t("inbox.thread")}{" "}
            <span dir="ltr" className="break-all">
              {family}
            </span>
          </h2>
          {/* Who answers this family (decision 132); a number not yet linked to a family has no thread to assign. */}
          {family.startsWith("tel:") ? (
            <p className="mt-2 text-sm text-slate-700">{t("inbox.noAssign")}</p>
          ) : (
            <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
              <input type="hidden" name="email" value={family} />
              <div>
                <label htmlFor="assign-member" className="block text-sm font-medium text-slate-800">
                  {t("inbox.assignedTo")}
                </label>
                <select
                  id="assign-member"
                  name="userId"
                  defaultValue={current?.assignedTo ?? ""}
                  key={current?.assignedTo ?? "none"}
                  className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2"
                >
                  <option value="">{t("inbox.nobody")}</option>
                  {members.map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.username || member.email}
                    </option>
                  ))}
                </select>
              </div>
              <button
                type="submit"
                name="intent"
                value="assign"
                className="rounded-lg border border-indigo-700 px-4 py-2 font-semibold text-indigo-700 hover:bg-indigo-50"
              >
                {t("inbox.assign")}
              </button>
            </Form>
          )}
          <ol className="mt-3 space-y-2">
            {thread.map((message) => (
              <li key={message.id} className={`rounded-lg p-3 ${message.direction === "in" ? "bg-slate-100" : "bg-indigo-50"}`}>
                <p className="text-sm text-slate-700">
                  {t(`inbox.${message.direction}`)} · {message.channel ? t(`inbox.channel.${message.channel}`) : "—"} · {t(`inbox.status.${message.status}`)} ·{" "}
                  <time dateTime={message.created_at}>{message.created_at.slice(0, 16).replace("T", " ")}</time>
                </p>
                {/* A family writes in either language, whatever the page's: each message sets its own direction. */}
                <p dir="auto" className="mt-1 whitespace-pre-line text-slate-900">
                  {message.body || message.template}
                </p>
              </li>
            ))}
          </ol>
          {open ? (
            <Form method="post" className="mt-4 space-y-2">
              <input type="hidden" name="email" value={family} />
              <label htmlFor="reply-text" className="block text-sm font-medium text-slate-800">
                {t("inbox.reply")}
              </label>
              {/* A new key once the reply is in the thread: the sent text leaves the box. */}
              <textarea
                key={thread.length}
                id="reply-text"
                name="text"
                required
                maxLength={1000}
                rows={3}
                className="block w-full rounded-lg border border-slate-300 px-3 py-2"
              />
              <button type="submit" className="rounded-lg bg-indigo-700 px-4 py-2 font-semibold text-white hover:bg-indigo-800">
                {t("inbox.send")}
              </button>
            </Form>
          ) : (
            <p className="mt-4 text-slate-700">{t("inbox.closed")}</p>
          )}
        </section>
      ) : null}
      <section aria-labelledby="dead-heading">
        <h2 id="dead-heading" className="text-xl font-bold text-slate-900">
          {t("inbox.dead")}
        </h2>
        {dead.length === 0 ? <p className="mt-2 text-slate-700">{t("inbox.noDead")}</p> : null}
        <ul className="mt-2 space-y-1">
          {dead.map((message) => (
            <li key={message.id} className="text-slate-800">
              <span dir="ltr">{message.email}</span>: {message.template} — {message.last_error}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
