import type { AppLoadContext } from "react-router";
import { pickPair } from "~/i18n/localized";
import { requireTaughtGroupPage } from "~/features/teaching/teaching-page.server";
import { sectionSkills } from "./levels.api";

/**
 * /teaching/sections/:id/skills: the group's children, each on the level they work on now, through
 * GET /api/teaching/sections/:id/skills (its access: staff, or the group's instructor; else 403).
 */
export async function skillsPageData(context: AppLoadContext, request: Request, rawId: string | undefined) {
  const { lang, group } = await requireTaughtGroupPage(context, request, rawId, sectionSkills);
  const name = (item: { nameEn: string; nameAr: string }) => pickPair({ en: item.nameEn, ar: item.nameAr }, lang);
  return {
    section: { id: group.section.id, course: pickPair({ en: group.section.courseEn, ar: group.section.courseAr }, lang) },
    hasLadder: group.ladder.length > 0,
    children: group.children.map((child) => ({
      enrolmentId: child.enrolmentId,
      name: child.childName,
      completed: child.levels.filter((level) => level.complete).map(name),
      allDone: child.levels.length > 0 && child.levels.every((level) => level.complete),
      current: child.current
        ? {
            id: child.current.id,
            name: name(child.current),
            skills: child.current.skills.map((skill) => ({ id: skill.id, name: name(skill), status: skill.status })),
          }
        : null,
    })),
  };
}
export type SkillsPageData = Awaited<ReturnType<typeof skillsPageData>>;
