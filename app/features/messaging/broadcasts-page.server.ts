import { data, type ActionFunctionArgs, type AppLoadContext } from "react-router";
import { langFromPath, localizePath } from "~/i18n/lang";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { withNotice } from "~/lib/forms/notice";
import { requireAdminPage } from "~/lib/page-guards.server";
import { randomToken } from "~/lib/random-token.server";
import { getSiteSettings } from "~/features/site/site.server";
import { timeZoneOf } from "~/features/site/academy-zone.server";
import { audienceOptions, listBroadcasts } from "./broadcasts.server";
import { cancelBroadcastEndpoint, previewBroadcast, sendBroadcastEndpoint } from "./broadcasts.api";

const PATH = "/admin/messages/broadcasts";

/** /admin/messages/broadcasts: the form (with this render's idempotency key), the audiences to choose from, the recent broadcasts and their figures. */
export async function broadcastsPageData(context: AppLoadContext, request: Request) {
  requireAdminPage(context, request);
  const lang = langFromPath(new URL(request.url).pathname);
  const [settings, audiences, broadcasts] = await Promise.all([
    getSiteSettings(context.db),
    audienceOptions(context.db, lang),
    listBroadcasts(context.db, lang),
  ]);
  return { key: randomToken(), zone: timeZoneOf(settings), audiences, broadcasts };
}
export type BroadcastsPageData = Awaited<ReturnType<typeof broadcastsPageData>>;

/** The form's one audience choice ("all", "section:12", "course:3", "camp:2:<batch>") as the API's fields. */
function audienceFields(value: string) {
  const [kind = "", id = "", ...session] = value.split(":");
  return { audience: kind, audienceId: id === "" ? null : /^\d{1,10}$/.test(id) ? Number(id) : id, campSession: session.join(":") };
}

const broadcastBody = (fields: Record<string, string>) => ({
  ...audienceFields(fields.audience ?? ""),
  category: fields.category,
  bodyEn: fields.bodyEn ?? "",
  bodyAr: fields.bodyAr ?? "",
  sendAt: fields.sendAt ?? "",
});

/** What the page shows after a preview or a refusal: the form's values, messages and the preview. */
export interface BroadcastFormState {
  form: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  message: string;
  preview?: {
    preview: { en: string; ar: string };
    recipients: number;
    byChannel: { whatsapp: number; sms: number; email: number };
    estimate: { minor: number; currency: string };
    sendAtLabel: string;
  };
}

/**
 * The page's posts without JavaScript, each running its endpoint in process: `intent=preview`
 * (renders the page with the preview, nothing stored), `intent=send` (POST
 * /api/admin/messaging/broadcasts, then back here with a notice) and `cancel-{id}`.
 */
export async function broadcastsPageAction(args: ActionFunctionArgs) {
  const posted = await args.request
    .clone()
    .formData()
    .catch(() => null);
  if (!posted) throw data({ message: "Bad request." }, { status: 400 });
  const intent = String(posted.get("intent") ?? "");
  const back = (lang: "en" | "ar", notice: "broadcast-sent" | "broadcast-scheduled" | "broadcast-cancelled") => withNotice(localizePath(PATH, lang), notice);
  const cancel = /^cancel-(\d{1,10})$/.exec(intent);
  if (cancel)
    return postFormToApi(args, {
      form: intent,
      endpoint: cancelBroadcastEndpoint,
      params: { id: cancel[1]! },
      toBody: () => ({}),
      onSuccess: (_answer, _fields, lang) => back(lang, "broadcast-cancelled"),
    });
  if (intent === "send")
    return postFormToApi(args, {
      form: "broadcast",
      endpoint: sendBroadcastEndpoint,
      toBody: (fields) => ({ ...broadcastBody(fields), idempotencyKey: fields.idempotencyKey ?? "" }),
      onSuccess: (_answer, fields, lang) => back(lang, fields.sendAt ? "broadcast-scheduled" : "broadcast-sent"),
    });
  const lang = langFromPath(new URL(args.request.url).pathname);
  const fields: Record<string, string> = {};
  for (const [name, value] of posted) if (typeof value === "string" && !(name in fields)) fields[name] = value;
  const answer = await args.context.run(previewBroadcast, { input: broadcastBody(fields), lang });
  const state: BroadcastFormState = {
    form: "broadcast",
    values: fields,
    errors: answer.body.errors ?? {},
    message: answer.ok ? "" : (answer.body.message ?? ""),
  };
  if (answer.ok) state.preview = answer.body;
  return data(state, { status: answer.ok ? 200 : answer.status, headers: { "Cache-Control": "private, no-store" } });
}
