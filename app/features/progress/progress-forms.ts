/** The teaching page's two forms: the children's comments and next steps, and the issue button. */
export const PROGRESS_FORMS = { notes: "progress-notes", issue: "progress-issue" } as const;

/** The fields of one child's comment and next step. */
export const noteField = (enrolmentId: number, which: "comment" | "nextStep") => `${which}-${enrolmentId}`;
