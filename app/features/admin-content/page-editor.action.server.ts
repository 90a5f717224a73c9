import { data, type ActionFunctionArgs } from "react-router";
import { localizePath } from "~/i18n/lang";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { requireAdminPage } from "~/lib/page-guards.server";
import { saveSectionEndpoint } from "./page-sections.api";

/**
 * A page editor's section form posted without JavaScript (decision 019): the section's PUT endpoint
 * in process, the same declaration the JSON API serves; back to the page at that section.
 */
export async function saveSectionAction(args: ActionFunctionArgs) {
  const { request, params } = args;
  requireAdminPage(args.context, request);
  const posted = await request
    .clone()
    .formData()
    .catch(() => null);
  const section = posted?.get("_section");
  if (typeof section !== "string" || !/^[a-z0-9-]{1,40}$/i.test(section) || !params.page) throw data({ message: "Not found." }, { status: 404 });
  return postFormToApi(args, {
    form: `section-${params.page}-${section}`,
    endpoint: saveSectionEndpoint,
    params: { page: params.page, section },
    toBody: ({ _section: _ignored, ...fields }) => fields,
    onSuccess: (_answer, _fields, lang) => `${localizePath(`/admin/pages/${params.page}`, lang)}#section-${params.page}-${section}`,
  });
}
