import { z } from "zod";
import { defineEndpoint, type Caller } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { idParams } from "~/lib/record-id";
import { assertTeachesSection } from "~/features/teaching/teaching-access.server";
import { levelSchema, levelUpdateSchema, skillMarksSchema, skillSchema } from "./levels.schema";
import { addLevel, addSkill, courseLadder, updateLevel, updateSkill, type LadderWrite } from "./levels.server";
import { groupSkills, markSkills } from "./skill-marks.server";
import { courseById } from "~/features/admin-content/queries.server";

const say = (caller: Caller, key: string) => serverT(caller.lang, "levels", `api.${key}`);

/** A refused ladder change as 404 / 409 / 400, in the caller's language. */
function answer(caller: Caller, result: LadderWrite, status = 200) {
  if (result.ok) return { status, body: { id: result.id, message: say(caller, "saved") } };
  const message = say(caller, result.reason);
  if (result.reason === "notFound") throw new HttpError(404, message);
  if (result.reason === "badSection") throw new HttpError(400, message, { sectionId: message });
  throw new HttpError(409, message);
}

/** GET /api/admin/courses/:id/levels: a course's ladder, levels and skills in order. */
export const courseLevels = defineEndpoint({
  method: "GET",
  path: "/api/admin/courses/:id/levels",
  access: "staff",
  params: idParams,
  input: z.object({}),
  async run({ deps: { db }, caller, params }) {
    const course = await courseById(db, params.id);
    if (!course) throw new HttpError(404, say(caller, "notFound"));
    return { status: 200, body: { levels: await courseLadder(db, params.id) } };
  },
});

/** One budget for every edit of a ladder (levels and skills alike). */
const ladderEdits = [{ name: "admin-levels", limit: 300, windowMs: 60 * 60_000 }];

/** POST /api/admin/courses/:id/levels: a level at the end of the course's ladder (audited). */
export const createLevel = defineEndpoint({
  method: "POST",
  path: "/api/admin/courses/:id/levels",
  access: "staff",
  params: idParams,
  limits: ladderEdits,
  input: levelSchema,
  async run({ deps: { db }, caller, params }, input) {
    return answer(caller, await addLevel(db, params.id, input, caller.user.id), 201);
  },
});

/** POST /api/admin/levels/:id: a level's names, place and group (audited). */
export const changeLevel = defineEndpoint({
  method: "POST",
  path: "/api/admin/levels/:id",
  access: "staff",
  params: idParams,
  limits: ladderEdits,
  input: levelUpdateSchema,
  async run({ deps: { db }, caller, params }, input) {
    return answer(caller, await updateLevel(db, params.id, input, caller.user.id));
  },
});

/** POST /api/admin/levels/:id/skills: a skill at the end of the level (audited). */
export const createSkill = defineEndpoint({
  method: "POST",
  path: "/api/admin/levels/:id/skills",
  access: "staff",
  params: idParams,
  limits: ladderEdits,
  input: skillSchema,
  async run({ deps: { db }, caller, params }, input) {
    return answer(caller, await addSkill(db, params.id, input, caller.user.id), 201);
  },
});

/** POST /api/admin/skills/:id: a skill's names (audited). */
export const changeSkill = defineEndpoint({
  method: "POST",
  path: "/api/admin/skills/:id",
  access: "staff",
  params: idParams,
  limits: ladderEdits,
  input: skillSchema,
  async run({ deps: { db }, caller, params }, input) {
    return answer(caller, await updateSkill(db, params.id, input, caller.user.id));
  },
});

/** GET /api/teaching/sections/:id/skills: the group's children, the course's ladder and each child's marks (own groups only). */
export const sectionSkills = defineEndpoint({
  method: "GET",
  path: "/api/teaching/sections/:id/skills",
  access: "teaching",
  params: idParams,
  input: z.object({}),
  async run({ deps: { db }, caller, params }) {
    await assertTeachesSection(db, caller.user, params.id);
    const group = await groupSkills(db, params.id);
    if (!group) throw new HttpError(404, say(caller, "notFound"));
    return { status: 200, body: group };
  },
});

/**
 * POST /api/teaching/sections/:id/skills: marks children's skills (not started, working on it,
 * achieved), audited; a level completed issues its certificate and proposes the next level's group.
 */
export const markSectionSkills = defineEndpoint({
  method: "POST",
  path: "/api/teaching/sections/:id/skills",
  access: "teaching",
  params: idParams,
  limits: [{ name: "teaching-skills", limit: 600, windowMs: 60 * 60_000 }],
  // The group is checked before the marks are read (as the attendance's): another instructor's group answers 403 whatever was sent.
  load: ({ db }, caller, params) => assertTeachesSection(db, caller.user, params.id),
  input: skillMarksSchema,
  async run({ deps: { db, config }, caller, params }, input) {
    const user = caller.user;
    const result = await markSkills(db, config, params.id, input.marks, user.id);
    if (!result.ok) {
      const message = say(caller, result.reason);
      if (result.reason === "notFound") throw new HttpError(404, message);
      throw new HttpError(400, message, { marks: message });
    }
    return { status: 200, body: { message: say(caller, "marked"), changed: result.changed, completed: result.completed } };
  },
});

export const levelsEndpoints = [courseLevels, createLevel, changeLevel, createSkill, changeSkill, sectionSkills, markSectionSkills];
