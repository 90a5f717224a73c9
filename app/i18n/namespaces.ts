import { stripLang } from "./lang";

/**
 * Which translation namespaces a page does NOT need. The staff screens' and the booking steps'
 * texts are large and used nowhere else, so public pages leave them out of the HTML. The root
 * revalidates (fetching the missing texts) whenever a navigation changes this set.
 */
export function unusedNamespaces(pathname: string): string[] {
  const path = stripLang(pathname);
  if (/^\/admin(?:\/|$)/.test(path)) return [];
  // The instructors' pages (issue 30) ship without React: their texts are the server's only.
  if (/^\/teaching(?:\/|$)/.test(path)) return ["admin-content", "booking", "sections", "timetable"];
  if (/\/bookdemoclass(?:\/|$)|^\/booking(?:\/|$)/.test(path)) return ["admin", "admin-content", "sections", "timetable", "teaching"];
  // A course's page lists its groups (issue 29); the account shows a family's enrolments and timetable.
  // A group's waitlist place and an enrolment's own page (decision 066) are the sections' too.
  if (/^\/account(?:\/|$)/.test(path)) return ["admin", "admin-content", "booking"];
  if (/^\/courses\/[^/]+$|^\/sections\/waitlist$|^\/enrolments\/manage$/.test(path)) return ["admin", "admin-content", "booking", "teaching"];
  return ["admin", "admin-content", "booking", "sections", "timetable", "teaching"];
}
