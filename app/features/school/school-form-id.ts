/** The school form's HTML id (links scroll to it) and its name in a page's form state. */
export const SCHOOL_FORM_ID = "school-form";
