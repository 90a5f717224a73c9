/**
 * Account roles. `editor`: staff who write content and follow up enquiries, but manage no accounts or
 * settings. `instructor`: teaches as a teacher profile and sees only their own groups (decision 073).
 */
export type Role = "user" | "editor" | "admin" | "instructor";

/** Whether the role opens the staff area (editors and admins). */
export const isStaffRole = (role: string | undefined | null): boolean => role === "admin" || role === "editor";

/** Whether the role opens the teaching pages: staff, and instructors (for their own groups only). */
export const isTeachingRole = (role: string | undefined | null): boolean => isStaffRole(role) || role === "instructor";
