/** Account roles. `editor`: staff who write content and follow up enquiries, but manage no accounts or settings. */
export type Role = "user" | "editor" | "admin";

/** Whether the role opens the staff area (editors and admins). */
export const isStaffRole = (role: string | undefined | null): boolean => role === "admin" || role === "editor";
