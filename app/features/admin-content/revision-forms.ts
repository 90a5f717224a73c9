/** The form of the revisions page that restores a revision (its refusal comes back under this name). */
export const RESTORE_FORM = "restore-revision";
