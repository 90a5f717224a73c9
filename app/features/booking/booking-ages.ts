/**
 * The age rules of bookings and enrolments as plain numbers (no zod): the booking form reads them
 * while its schema (booking.schema.ts, which re-exports them) loads with the first send (decision 070).
 */

/** Saved children's ages (/account, decision 033). */
export const CHILD_MIN_AGE = 4;
export const CHILD_MAX_AGE = 18;

/**
 * The ages any course may take (the course editor's 1 to 99): the booking and enrolment forms' outer
 * bounds. The course's (or section's) own range is checked against the course itself (issue 29: a
 * course for ages 16 to 24 must be bookable at 20).
 */
export const BOOKING_MIN_AGE = 1;
export const BOOKING_MAX_AGE = 99;

/** Whether a child's age lies outside a course's age range (the parent must then confirm). */
export const ageOutsideCourse = (age: number, course: { minAge: number; maxAge: number }): boolean =>
  Number.isInteger(age) && (age < course.minAge || age > course.maxAge);
