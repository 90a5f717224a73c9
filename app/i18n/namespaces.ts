import { stripLang } from "./lang";

const under = (prefix: string) => `^/${prefix}(?:/|$)`;
const COURSE = "^/courses/[^/]+$";
const ACCOUNT = `${under("account")}|${under("makeups")}`;
const TEACHING = under("teaching");

/**
 * The page-specific translation namespaces and the public pages (path without the language) that
 * use each. The staff screens' and the booking steps' texts are large and used nowhere else, so
 * other public pages leave them out of the HTML; staff pages (/admin) get everything. The root
 * revalidates (fetching the missing texts) whenever a navigation changes the set.
 */
const USED_ON: Record<string, RegExp> = {
  // The teaching pages (issue 30) show the staff bar.
  admin: new RegExp(TEACHING),
  "admin-content": /$^/,
  booking: /\/bookdemoclass(?:\/|$)|^\/booking(?:\/|$)/,
  // A course's page lists its groups (issue 29); the account shows a family's enrolments, timetable,
  // attendance and make-ups (decisions 075, 076); a group's waitlist place and an enrolment's own page (decision 066).
  sections: new RegExp(`${COURSE}|^/sections/waitlist$|^/enrolments/manage$|${ACCOUNT}`),
  timetable: new RegExp(`${COURSE}|^/sections/waitlist$|^/enrolments/manage$|${ACCOUNT}`),
  teaching: new RegExp(`${ACCOUNT}|${TEACHING}`),
  // Levels and skills (decision 130): the roster's marks and the account's record.
  levels: new RegExp(`${under("account")}|${TEACHING}`),
  // Portfolios (decision 135): the roster's projects, the account's, and the public projects page.
  portfolio: new RegExp(`${under("account")}|${TEACHING}|^/projects$`),
  // Termly progress reports (decision 138): the teaching page and the account's list.
  progress: new RegExp(`${under("account")}|${TEACHING}`),
  makeups: new RegExp(ACCOUNT),
  // The guardian's message choices (decision 127), on the account's pages; the opt-in on the booking and enrolment forms (decision 132); the instructors' inbox (decision 134).
  messaging: new RegExp(`${under("account")}|${COURSE}|/bookdemoclass(?:/|$)|${TEACHING}`),
  // The guardian's notification choices (decision 131), on /account.
  push: new RegExp(under("account")),
  // Guardians (decision 139): the account's guardians and pickup card, and the invitation's page.
  guardians: new RegExp(`${under("account")}|^/guardian-invite$`),
  // The consent forms (decision 078): both enrolment forms, a reminder's link, camp check-out.
  consent: new RegExp(`${COURSE}|^/enroll$|${under("consent")}|${TEACHING}`),
  // Certificates (decision 080): the account lists them, the public check and the issue page show them.
  certificates: new RegExp(`${under("account")}|^/certificates/|${TEACHING}`),
  // The price before paying (issue 31 part 5) on both enrolment forms; a held enrolment's payment page (decision 085).
  discounts: new RegExp(`${COURSE}|^/enroll$`),
  payments: /^\/payments\/enrolment$/,
  // The staff's billing desk (decision 090): staff pages only.
  billing: /$^/,
  // The family's invoices (decision 093) and the account's link to them.
  money: new RegExp(under("account")),
  // An invoice's instalments and online payment from its link (decision 091).
  instalments: /^\/payments\/invoice$/,
  // How to pay (issue 42): after enrolling (a course group, the camp), the family's invoices, an invoice's link.
  paying: /^\/enrolments\/confirmed$|^\/enroll\/confirmed$|^\/account\/invoices$|^\/payments\/invoice$/,
  // Refunds and billing documents (decision 092): staff screens only.
  refunds: /$^/,
  // Retention and occupancy (decision 136): a staff screen only.
  retention: /$^/,
};

/** Which translation namespaces a page does NOT need. */
export function unusedNamespaces(pathname: string): string[] {
  const path = stripLang(pathname);
  if (/^\/admin(?:\/|$)/.test(path)) return [];
  return Object.keys(USED_ON).filter((ns) => !USED_ON[ns]!.test(path));
}
