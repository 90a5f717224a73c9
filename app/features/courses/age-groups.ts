import type { Course } from "./course";

/** The age presets of the catalogue filter (specification section 9), in dropdown order. */
export const AGE_GROUPS = ["6-12", "6-18", "14-24", "12-24", "16-24"] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

export function isAgeGroup(value: unknown): value is AgeGroup {
  return typeof value === "string" && (AGE_GROUPS as readonly string[]).includes(value);
}

/** A `?age=` value as a preset; anything else (absent, "all", unknown) means all ages. */
export function ageGroupFrom(value: string | null | undefined): AgeGroup | null {
  return isAgeGroup(value) ? value : null;
}

/** Exact match on the course's minimum and maximum age, as the original filter did. */
function matchesAgeGroup(course: Pick<Course, "ageGroup">, group: AgeGroup | null): boolean {
  if (group === null) return true;
  const [min, max] = group.split("-").map(Number);
  return course.ageGroup.min === min && course.ageGroup.max === max;
}

export function filterByAgeGroup<C extends Pick<Course, "ageGroup">>(courses: C[], group: AgeGroup | null): C[] {
  return courses.filter((course) => matchesAgeGroup(course, group));
}

/** A child's age in years for "every course that fits my child" (`?childAge=8`). */
export const CHILD_AGE_MIN = 1;
export const CHILD_AGE_MAX = 99;

/** A `?childAge=` value as whole years, or null when absent or not a plain number in range. */
export function childAgeFrom(value: string | null | undefined): number | null {
  if (value == null || !/^\d{1,2}$/.test(value.trim())) return null;
  const age = Number(value.trim());
  return age >= CHILD_AGE_MIN && age <= CHILD_AGE_MAX ? age : null;
}

/** The courses whose age range includes the child's age (any range, not only the presets). */
export function filterByChildAge<C extends Pick<Course, "ageGroup">>(courses: C[], age: number | null): C[] {
  return age === null ? courses : courses.filter((course) => course.ageGroup.min <= age && age <= course.ageGroup.max);
}
