import { data, type ActionFunctionArgs, type AppLoadContext } from "react-router";
import { langFromPath, localizePath } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { withNotice } from "~/lib/forms/notice";
import { requireAdminPage } from "~/lib/page-guards.server";
import { parseRecordId } from "~/lib/record-id";
import { formatDateLabel } from "~/kernel/slot-format";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { changeLevel, changeSkill, createLevel, createSkill } from "./levels.api";
import { courseLadder } from "./levels.server";
import { groupChoices } from "~/features/sections/queries.server";
import { courseById } from "~/features/admin-content/queries.server";

/** Most groups the "group teaching this level" choice lists (the newest first). */
const MAX_GROUPS = 200;

/** /admin/courses/edit/:id/levels: the course, its ladder, and the groups a level may name (not cancelled, newest first). */
export async function adminLevelsPageData(context: AppLoadContext, request: Request, rawId: string | undefined) {
  requireAdminPage(context, request);
  const id = parseRecordId(rawId);
  const lang = langFromPath(new URL(request.url).pathname);
  const course = id === null ? undefined : await courseById(context.db, id);
  if (!course) throw data(null, { status: 404 });
  const [levels, groups, timeZone] = await Promise.all([
    courseLadder(context.db, course.id),
    groupChoices(context.db, MAX_GROUPS),
    academyTimeZone(context.db),
  ]);
  return {
    course: { id: course.id, name: pick(course, "name", lang) },
    levels,
    groups: groups.map((g) => ({ id: g.id, label: `${pick(g, "name", lang)} · ${formatDateLabel(g.starts_at, timeZone, lang)} · #${g.id}` })),
  };
}
export type AdminLevelsPageData = Awaited<ReturnType<typeof adminLevelsPageData>>;

const names = (fields: Record<string, string>) => ({ nameEn: fields.nameEn ?? "", nameAr: fields.nameAr ?? "" });
const level = (fields: Record<string, string>) => ({ ...names(fields), sectionId: fields.sectionId ? Number(fields.sectionId) : null });

/**
 * The ladder editor's forms without JavaScript, each running its endpoint: `level-new` (POST
 * /api/admin/courses/:id/levels), `level-{id}`, `skill-new-{levelId}` and `skill-{id}`.
 */
export async function adminLevelsPageAction(args: ActionFunctionArgs) {
  const courseId = args.params.id ?? "";
  const posted = await args.request
    .clone()
    .formData()
    .catch(() => null);
  const form = String(posted?.get("form") ?? "");
  const back = (lang: "en" | "ar") => withNotice(localizePath(`/admin/courses/edit/${courseId}/levels`, lang), "levels-saved");
  const onSuccess = (_answer: unknown, _fields: Record<string, string>, lang: "en" | "ar") => back(lang);
  const newSkill = /^skill-new-(\d{1,10})$/.exec(form);
  const skill = /^skill-(\d{1,10})$/.exec(form);
  const oneLevel = /^level-(\d{1,10})$/.exec(form);
  if (newSkill) return postFormToApi(args, { form, endpoint: createSkill, params: { id: newSkill[1]! }, toBody: names, onSuccess });
  if (skill) return postFormToApi(args, { form, endpoint: changeSkill, params: { id: skill[1]! }, toBody: names, onSuccess });
  if (oneLevel)
    return postFormToApi(args, {
      form,
      endpoint: changeLevel,
      params: { id: oneLevel[1]! },
      toBody: (fields) => ({ ...level(fields), position: /^\d{1,4}$/.test(fields.position ?? "") ? Number(fields.position) : fields.position }),
      onSuccess,
    });
  return postFormToApi(args, { form: "level-new", endpoint: createLevel, params: { id: courseId }, toBody: level, onSuccess });
}
