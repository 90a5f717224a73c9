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
  if (/\/bookdemoclass(?:\/|$)|^\/booking(?:\/|$)/.test(path)) return ["admin", "admin-content", "sections", "timetable"];
  // A course's page lists its groups (issue 29); the account shows a family's enrolments and timetable.
  // A group's waitlist place and an enrolment's own page (decision 066) are the sections' too.
  if (/^\/courses\/[^/]+$|^\/account(?:\/|$)|^\/sections\/waitlist$|^\/enrolments\/manage$/.test(path)) return ["admin", "admin-content", "booking"];
  return ["admin", "admin-content", "booking", "sections", "timetable"];
}
