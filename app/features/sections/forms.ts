/** The course page's enrolment form's name in a page's form state (a refused post comes back under it). */
export const ENROL_FORM = "enrol-form";
