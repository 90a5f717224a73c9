/** The staff form that turns a demo booking into an enrolment (decision 069). */
export const CONVERT_FORM = "demo-convert-form";
