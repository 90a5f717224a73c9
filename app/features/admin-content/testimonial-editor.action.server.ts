import type { ActionFunctionArgs } from "react-router";
import { idOr404Page } from "~/features/admin-kit/admin-http.server";
import { localizePath } from "~/i18n/lang";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { requireAdminPage } from "~/lib/page-guards.server";
import { testimonialEndpoints } from "./testimonials.api";

/** A posted number field: empty → null (a parent has no age), otherwise the number typed (NaN is refused by the schema). */
const numberOrNull = (value: string | undefined) => (value === undefined || value.trim() === "" ? null : Number(value));

/**
 * The testimonial editor's form posted without JavaScript (decision 019): the create or update
 * endpoint in process, the same declaration the JSON API serves; success opens the saved record's editor.
 */
export async function testimonialAction(args: ActionFunctionArgs) {
  const { request, params } = args;
  requireAdminPage(args.context, request);
  const id = params.id === undefined ? null : idOr404Page(params.id);
  return postFormToApi(args, {
    form: "testimonials-editor",
    endpoint: id ? testimonialEndpoints.update : testimonialEndpoints.create,
    params: id ? { id: String(id) } : {},
    toBody: (fields) => ({
      kind: fields.kind ?? "",
      nameEn: fields.nameEn ?? "",
      nameAr: fields.nameAr ?? "",
      age: numberOrNull(fields.age),
      courseEn: fields.courseEn ?? "",
      courseAr: fields.courseAr ?? "",
      reviewEn: fields.reviewEn ?? "",
      reviewAr: fields.reviewAr ?? "",
      sort: numberOrNull(fields.sort) ?? 0,
    }),
    onSuccess: (answer, _fields, lang) => localizePath(`/admin/testimonials/edit/${typeof answer.body.id === "number" ? answer.body.id : (id ?? "")}`, lang),
  });
}
