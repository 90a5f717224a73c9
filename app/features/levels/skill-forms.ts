/** The roster's one form of skill marks (its post names it; a refusal comes back under the name). */
export const SKILL_FORM = "skill-marks";

/** The field of one child's mark on one skill: a radio group of the three statuses. */
export const skillField = (enrolmentId: number, skillId: number) => `skill-${enrolmentId}-${skillId}`;

/** The ladder editor's forms: a new level, a level's changes, a new skill of a level, a skill's names. */
export const LADDER_FORMS = {
  newLevel: "level-new",
  level: (id: number) => `level-${id}`,
  newSkill: (levelId: number) => `skill-new-${levelId}`,
  skill: (id: number) => `skill-${id}`,
} as const;
