/**
 * The four kinds of submissions staff follow up (shared by pages, API and dashboard):
 * the API slug, the admin page path and the fields shown on the detail view.
 */
export const submissionKindNames = ["school", "contact", "enrollments", "brochure-leads"] as const;
export type SubmissionKindName = (typeof submissionKindNames)[number];

export const submissionStatuses = ["new", "contacted", "closed"] as const;

interface KindInfo {
  /** Unprefixed path of the admin list. */
  page: string;
  /** The JSON / CSV API of the list. */
  api: string;
  /** Label key (namespace admin) of the list's title. */
  titleKey: string;
  /** Columns shown on the detail view, in order (label keys under admin:fields). */
  detail: readonly string[];
}

export const submissionKinds: Record<SubmissionKindName, KindInfo> = {
  school: {
    page: "/admin/submissions/school",
    api: "/api/admin/submissions/school",
    titleKey: "nav.school",
    detail: ["name", "email", "contact_number", "designation", "city", "school_name", "preferred_date", "preferred_time", "requirements"],
  },
  contact: {
    page: "/admin/submissions/contact",
    api: "/api/admin/submissions/contact",
    titleKey: "nav.contact",
    detail: ["email", "description"],
  },
  enrollments: {
    page: "/admin/enrollment-forms",
    api: "/api/admin/submissions/enrollments",
    titleKey: "nav.enrollments",
    detail: ["student_name", "parent_name", "email", "phone_number", "camp_title", "session", "message", "lang"],
  },
  "brochure-leads": {
    page: "/admin/brochure-leads",
    api: "/api/admin/submissions/brochure-leads",
    titleKey: "nav.brochureLeads",
    detail: ["student_name", "student_email", "grade", "school", "parent_contact", "lang"],
  },
};

export function isSubmissionKind(value: unknown): value is SubmissionKindName {
  return typeof value === "string" && (submissionKindNames as readonly string[]).includes(value);
}

/** The kind whose admin list (or a record of it) is at this unprefixed path. */
export function kindFromPath(path: string): SubmissionKindName | undefined {
  return submissionKindNames.find((kind) => path === submissionKinds[kind].page || path.startsWith(`${submissionKinds[kind].page}/`));
}

export const submissionPath = (kind: SubmissionKindName, id: number) => `${submissionKinds[kind].page}/${id}`;

/** Columns holding e-mails and phone numbers: shown isolated left to right on Arabic screens. */
export const LTR_COLUMN = /email|phone|contact_number|parent_contact/;
