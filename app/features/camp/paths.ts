import { localizePath, type Lang } from "~/i18n/lang";

/** The enrolment's confirmation page; the unguessable reference lets a reload (or the e-mail) find it. */
export const campEnrolConfirmedPath = (reference: string, lang: Lang) => localizePath(`/enroll/confirmed?ref=${encodeURIComponent(reference)}`, lang);

/** The brochure PDF in one language (GET /summer-camp/brochure.pdf). */
export const brochurePdfPath = (lang: Lang): string => `/summer-camp/brochure.pdf?lang=${lang}`;

/** The camp page with the brochure form open: where the Brochure button leads before script runs. */
export const BROCHURE_QUERY = "brochure";

/** The camp page with one camp's curriculum on the page: where "View Complete Details" leads before script runs. */
export const CURRICULUM_QUERY = "curriculum";
export const curriculumAnchor = (slug: string) => `curriculum-${slug}`;
