/** Names of the camp forms in a page's form state (a refused post without JavaScript comes back under them). */
export const CAMP_ENROL_FORM = "enroll-form";
export const BROCHURE_FORM = "brochure-form";
