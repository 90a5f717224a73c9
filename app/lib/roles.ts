/**
 * Account roles. `editor`: staff who write content and follow up enquiries, but manage no accounts or
 * settings. `instructor`: teaches as a teacher profile and sees only their own groups (decision 073).
 */
export type Role = "user" | "editor" | "admin" | "instructor";

/** Whether the role opens the staff area (editors and admins). */
export const isStaffRole = (role: string | undefined | null): boolean => role === "admin" || role === "editor";

/** Whether the role opens the teaching pages: staff, and instructors (for their own groups only). */
export const isTeachingRole = (role: string | undefined | null): boolean => isStaffRole(role) || role === "instructor";

/**
 * Whether the role sees children's data (rosters: parents' phones, allergies, medical notes, pickup
 * people), so falls under "Require a second factor for staff" and may use an authenticator app
 * (issue 39 finding 4): staff and instructors alike.
 */
export const needsSecondFactorRole = (role: string | undefined | null): boolean => isTeachingRole(role);
