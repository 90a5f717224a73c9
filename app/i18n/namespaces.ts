import { stripLang } from "./lang";

/**
 * Which translation namespaces a page does NOT need. The staff screens' and the booking steps'
 * texts are large and used nowhere else, so public pages leave them out of the HTML. The root
 * revalidates (fetching the missing texts) whenever a navigation changes this set.
 */
export function unusedNamespaces(pathname: string): string[] {
  const path = stripLang(pathname);
  const unused = unusedBesidesCertificates(path);
  // Certificates (decision 080): the account lists them, the public check and the issue page show them.
  return /^\/admin(?:\/|$)|^\/account(?:\/|$)|^\/certificates\/|^\/teaching(?:\/|$)/.test(path) ? unused : [...unused, "certificates"];
}

function unusedBesidesCertificates(path: string): string[] {
  if (/^\/admin(?:\/|$)/.test(path)) return [];
  // The instructors' pages (issue 30) ship without React: the staff bar's texts, camp check-out's
  // consent forms (decision 078) and the teaching pages' own.
  if (/^\/teaching(?:\/|$)/.test(path)) return ["admin-content", "booking", "makeups", "payments", "sections", "timetable"];
  if (/\/bookdemoclass(?:\/|$)|^\/booking(?:\/|$)/.test(path)) return ["admin", "admin-content", "consent", "makeups", "payments", "sections", "teaching", "timetable"];
  // A course's page lists its groups (issue 29) and asks the consent forms (decision 078); the account
  // shows a family's enrolments, timetable, attendance and make-ups (decisions 075, 076). A group's
  // waitlist place and an enrolment's own page (decision 066) are the sections' too.
  if (/^\/courses\/[^/]+$|^\/sections\/waitlist$|^\/enrolments\/manage$/.test(path)) return ["admin", "admin-content", "booking", "makeups", "payments", "teaching"];
  if (/^\/account(?:\/|$)|^\/makeups(?:\/|$)/.test(path)) return ["admin", "admin-content", "booking", "consent", "payments"];
  // A held enrolment's payment page (decision 085).
  if (/^\/payments\/enrolment$/.test(path)) return ["admin", "admin-content", "booking", "consent", "makeups", "sections", "teaching", "timetable"];
  // The consent forms (decision 078): the camp enrollment and a reminder's link.
  if (/^\/enroll$|^\/consent(?:\/|$)/.test(path)) return ["admin", "admin-content", "booking", "makeups", "payments", "sections", "teaching", "timetable"];
  return ["admin", "admin-content", "booking", "consent", "makeups", "payments", "sections", "teaching", "timetable"];
}
