import { data, type ActionFunctionArgs, type AppLoadContext } from "react-router";
import { langFromPath, localizePath } from "~/i18n/lang";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { withNotice } from "~/lib/forms/notice";
import { requireAdminPage } from "~/lib/page-guards.server";
import { listTemplates, saveTemplate } from "./messaging.api";

const PATH = "/admin/messages/templates";
const KEY = /^[a-z_]{1,60}$/;

/** /admin/messages/templates: every template, through GET /api/admin/messaging/templates in process. */
export async function templatesPageData(context: AppLoadContext, request: Request) {
  requireAdminPage(context, request);
  const answer = await context.run(listTemplates, { input: {}, lang: langFromPath(new URL(request.url).pathname) });
  if (!answer.ok) throw data({ message: answer.body.message }, { status: answer.status });
  return { templates: answer.body.templates };
}

/**
 * One template's form (`intent=save-<key>`), posted without JavaScript too: runs PUT
 * /api/admin/messaging/templates/{key} in process, then back to the template with a notice; a
 * refusal renders the page with the messages at the form's fields.
 */
export async function templatesPageAction(args: ActionFunctionArgs) {
  const posted = await args.request
    .clone()
    .formData()
    .catch(() => null);
  const key = String(posted?.get("intent") ?? "").replace(/^save-/, "");
  if (!posted || !KEY.test(key)) throw data({ message: "Bad request." }, { status: 400 });
  return postFormToApi(args, {
    form: `template-${key}`,
    endpoint: saveTemplate,
    params: { key },
    toBody: (fields) => ({
      bodyEn: fields.bodyEn ?? "",
      bodyAr: fields.bodyAr ?? "",
      waName: fields.waName ?? "",
      waLanguageEn: fields.waLanguageEn ?? "",
      waLanguageAr: fields.waLanguageAr ?? "",
      waCategory: fields.waCategory ?? "",
      waApproved: fields.waApproved === "on",
    }),
    onSuccess: (_answer, _fields, lang) => withNotice(localizePath(PATH, lang), "template-saved"),
  });
}
