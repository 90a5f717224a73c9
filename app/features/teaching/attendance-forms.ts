/** The four marks of a child at a class meeting (decision 073). */
export const ATTENDANCE_STATUSES = ["present", "late", "absent", "excused"] as const;

/** The meeting page's two forms (their posts name them; a refusal comes back under the name). */
export const ATTENDANCE_FORMS = { allPresent: "attendance-all-present", marks: "attendance-marks" } as const;

/** Field names of one child's mark on the page's form: a radio group and a note. */
export const statusField = (enrolmentId: number) => `status-${enrolmentId}`;
export const noteField = (enrolmentId: number) => `note-${enrolmentId}`;

/** The check-in page's form (decision 141). */
export const CHECK_IN_FORM = "check-in";

/** The pickup page's forms (decision 142): every one posts POST /api/teaching/pickups; a refusal comes back under this name. */
export const PICKUP_FORM = "pickup";
/** The photo form's name on /account/pickup (one per collector: `pickup-photo-self`, `pickup-photo-{id}`); the page and its action share it. */
export const photoFormOf = (of: "self" | number) => `pickup-photo-${of}`;
