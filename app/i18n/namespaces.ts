import { stripLang } from "./lang";

/**
 * Which translation namespaces a page does NOT need. The staff screens' and the booking steps'
 * texts are large and used nowhere else, so public pages leave them out of the HTML. The root
 * revalidates (fetching the missing texts) whenever a navigation changes this set.
 */
export function unusedNamespaces(pathname: string): string[] {
  const path = stripLang(pathname);
  if (/^\/admin(?:\/|$)/.test(path)) return [];
  if (/\/bookdemoclass(?:\/|$)|^\/booking(?:\/|$)/.test(path)) return ["admin", "admin-content", "discounts", "sections", "timetable"];
  // A course's page lists its groups (issue 29); the account shows a family's enrolments and timetable.
  // A group's waitlist place and an enrolment's own page (decision 066) are the sections' too.
  // Its enrolment form shows the price before paying (issue 31 part 5), as does the camp's /enroll.
  if (/^\/courses\/[^/]+$/.test(path)) return ["admin", "admin-content", "booking"];
  if (/^\/account(?:\/|$)|^\/sections\/waitlist$|^\/enrolments\/manage$/.test(path)) return ["admin", "admin-content", "booking", "discounts"];
  if (/^\/enroll$/.test(path)) return ["admin", "admin-content", "booking", "sections", "timetable"];
  return ["admin", "admin-content", "booking", "discounts", "sections", "timetable"];
}
