import type { ActionFunctionArgs } from "react-router";
import { localizePath } from "~/i18n/lang";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { withNotice } from "~/lib/forms/notice";
import { markSectionSkills } from "./levels.api";
import { MAX_MARKS } from "./levels.schema";
import { SKILL_FORM } from "./skill-forms";

/** The form's `skill-{enrolmentId}-{skillId}` radios as the endpoint's marks (at most MAX_MARKS read). */
export function skillMarksFromFields(fields: Record<string, string>) {
  const marks: { enrolmentId: number; skillId: number; status: string }[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const found = /^skill-(\d{1,10})-(\d{1,10})$/.exec(name);
    if (!found || marks.length > MAX_MARKS) continue;
    marks.push({ enrolmentId: Number(found[1]), skillId: Number(found[2]), status: value });
  }
  return { marks };
}

/** /teaching/sections/:id/skills without JavaScript: the whole form runs POST /api/teaching/sections/:id/skills. */
export async function skillsPageAction(args: ActionFunctionArgs) {
  const id = args.params.id ?? "";
  return postFormToApi(args, {
    form: SKILL_FORM,
    endpoint: markSectionSkills,
    params: { id },
    toBody: skillMarksFromFields,
    onSuccess: (_answer, _fields, lang) => withNotice(localizePath(`/teaching/sections/${id}/skills`, lang), "skills-saved"),
  });
}
