import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { requireAccountPage } from "~/lib/page-guards.server";
import { formatPhone } from "~/lib/validation";
import { Field, inputClass } from "~/ui/Field";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/account-messages.route";
import { accountMessaging, saveMessaging } from "./messaging.api";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireAccountPage(context, request);
  const found = await accountMessaging(context.db, user.email, langFromPath(new URL(request.url).pathname));
  // Formatted here: the browser build has no phone library (decision 070).
  return { ...found, phoneShown: found.preferences.phone ? formatPhone(`+${found.preferences.phone}`) : "" };
}

/** The form posts here without JavaScript: the same endpoint as POST /api/account/messaging (decision 048). */
export async function action({ request, context }: Route.ActionArgs) {
  requireAccountPage(context, request);
  const form = await request.formData().catch(() => null);
  if (!form) throw data(null, { status: 400 });
  const lang = langFromPath(new URL(request.url).pathname);
  const ticked = (name: string) => form.get(name) === "on";
  const input = {
    phone: String(form.get("phone") ?? ""),
    lang: form.get("lang") === "ar" ? "ar" : "en",
    whatsapp: ticked("whatsapp"),
    sms: ticked("sms"),
    email: ticked("email"),
    news: ticked("news"),
    source: "account",
  };
  const answer = await context.run(saveMessaging, { input, lang });
  const { body } = answer;
  return data(
    { message: String(body.message ?? ""), done: answer.status < 300, errors: body.errors ?? {}, phone: input.phone },
    { status: answer.status >= 400 ? answer.status : 200, headers: { "Cache-Control": "private, no-store" } },
  );
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

const CHANNELS = ["whatsapp", "sms", "email"] as const;

/** /account/messages: how the academy reaches this guardian, and whether they want news and offers (decision 127). */
export default function AccountMessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("messaging");
  const { preferences, texts, log, phoneShown } = loaderData;
  const { i18n } = useTranslation();
  const errors = actionData?.errors ?? {};
  const box = "mt-1 h-5 w-5 shrink-0 rounded border-slate-400 text-indigo-700";
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-8 px-4 py-10 md:py-14">
      <PageMeta title={t("page.title")} description={t("page.description")} />
      <meta name="robots" content="noindex" />
      <header>
        <h1 className="text-3xl font-extrabold text-slate-900">{t("page.title")}</h1>
        <p className="mt-2 text-slate-700">{t("page.intro")}</p>
        <LocalLink to="/account" className="mt-3 inline-block font-medium text-indigo-700 underline hover:text-indigo-900">
          {t("page.back")}
        </LocalLink>
      </header>
      {actionData?.message ? (
        <p
          role={actionData.done ? "status" : "alert"}
          className={`rounded-lg border p-4 font-semibold text-slate-900 ${actionData.done ? "border-emerald-200 bg-emerald-50" : "border-amber-300 bg-amber-50"}`}
        >
          {actionData.message}
        </p>
      ) : null}
      <Form method="post" className="space-y-6 rounded-xl border border-slate-200 bg-white p-5">
        <fieldset>
          <legend className="text-xl font-bold text-slate-900">{t("page.channels")}</legend>
          <div className="mt-3 space-y-3">
            {CHANNELS.map((channel) => (
              <label key={channel} className="flex items-start gap-3 text-slate-800">
                <input type="checkbox" name={channel} defaultChecked={preferences[channel]} className={box} />
                <span>{texts[channel]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <Field label={t("page.phone")} hint={t("page.phoneHint")} error={errors.phone}>
          {(ids) => (
            <input
              id={ids.id}
              name="phone"
              type="tel"
              dir="ltr"
              autoComplete="tel"
              defaultValue={actionData?.phone ?? phoneShown}
              aria-describedby={ids.describedBy}
              aria-invalid={ids.invalid || undefined}
              className={inputClass}
            />
          )}
        </Field>
        <Field label={t("page.lang")} error={errors.lang}>
          {(ids) => (
            <select id={ids.id} name="lang" defaultValue={preferences.lang} aria-describedby={ids.describedBy} className={inputClass}>
              <option value="en" lang="en">
                English
              </option>
              <option value="ar" lang="ar">
                العربية
              </option>
            </select>
          )}
        </Field>
        <fieldset>
          <legend className="text-xl font-bold text-slate-900">{t("page.categories")}</legend>
          <p className="mt-3 text-slate-700">{t("page.service")}</p>
          <label className="mt-3 flex items-start gap-3 text-slate-800">
            <input type="checkbox" name="news" defaultChecked={preferences.news} className={box} />
            <span>{texts.news}</span>
          </label>
        </fieldset>
        <button type="submit" className="rounded-lg bg-indigo-700 px-5 py-2.5 font-semibold text-white hover:bg-indigo-800">
          {t("page.save")}
        </button>
      </Form>
      <section aria-labelledby="log-heading">
        <h2 id="log-heading" className="text-2xl font-bold text-slate-900">
          {t("page.log")}
        </h2>
        {log.length === 0 ? <p className="mt-3 text-slate-700">{t("page.noLog")}</p> : null}
        <ul className="mt-3 space-y-2">
          {log.map((entry, index) => (
            <li key={index} className="rounded-lg border border-slate-200 bg-white p-3 text-slate-800">
              <span className="font-semibold">{entry.granted ? t("page.on") : t("page.off")}</span>:{" "}
              {entry.lang === i18n.language ? (
                entry.text
              ) : (
                <span lang={entry.lang} dir={entry.lang === "ar" ? "rtl" : "ltr"}>
                  {entry.text}
                </span>
              )}{" "}
              <span className="text-sm text-slate-600">
                ({t(`page.via.${entry.source}`, { defaultValue: entry.source })}, <time dateTime={entry.at}>{entry.at.slice(0, 16).replace("T", " ")}</time>)
              </span>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
