/** The course page's enrolment form's name in a page's form state (a refused post comes back under it). */
export const ENROL_FORM = "enrol-form";

/** A group's edit form's name in its page's form state (/admin/sections/:id). */
export const EDIT_FORM = "section-edit";
/** One class's forms (move, cancel) come back under this name. */
export const meetingForm = (id: string | number) => `meeting-${id}`;
/** A group's status forms (close, reopen, cancel) on its own page. */
export const STATUS_FORM = "section-status";
