import type { Access } from "./endpoint";

/**
 * The routes still written by hand as Express handlers (not yet `defineEndpoint`s, issue 41), so
 * the OpenAPI document (openapi.ts) lists every mounted route. Paths as mounted (Express syntax).
 * `answer` is what a 2xx carries when it is not a JSON object. The contract test
 * (openapi.test.ts) fails on a mounted route missing here and on an entry no route serves; a
 * route that becomes an endpoint leaves this list.
 */
export interface HandWrittenRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  access: Access;
  summary: string;
  answer?: "json" | "json-array" | "csv" | "pdf" | "xml" | "rss" | "text" | "png" | "calendar" | "redirect";
  /** When it also answers with a redirect: why (a page's address signed out, for one). */
  redirects?: string;
}

const staff = "staff" as const;
const admin = "admin" as const;
const signedIn = "signed-in" as const;
const anyone = "anyone" as const;
const teaching = "teaching" as const;

/** The content collections' lists (collection-api.server.ts); their reads and writes are endpoints (collectionEndpoints). */
const collectionList = (name: string, summary: string): HandWrittenRoute => ({ method: "GET", path: `/api/admin/${name}`, access: staff, summary: `List of ${summary} (search, sort, pages; ?format=csv)` });

export const handWrittenRoutes: readonly HandWrittenRoute[] = [
  // The document itself.
  { method: "GET", path: "/api/openapi.json", access: anyone, summary: "This OpenAPI 3.1 document" },
  // Operations (server/http).
  { method: "GET", path: "/healthz", access: anyone, summary: "200 {status: ok} while the database answers, else 503; 503 {status: draining} once the instance is shutting down" },
  { method: "GET", path: "/metrics", access: anyone, summary: "Prometheus text; needs Authorization: Bearer $METRICS_TOKEN (404 when unset)", answer: "text" },
  // The messaging providers' webhooks (decision 127): raw bodies, signatures over the exact bytes.
  { method: "GET", path: "/api/messaging/whatsapp/webhook", access: anyone, summary: "Meta's verification handshake: hub.mode=subscribe and hub.verify_token = WHATSAPP_VERIFY_TOKEN echo hub.challenge as text; 403 otherwise", answer: "text" },
  { method: "POST", path: "/api/messaging/whatsapp/webhook", access: anyone, summary: "Meta's WhatsApp events (statuses, incoming messages), verified by X-Hub-Signature-256 (HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET); 401 otherwise" },
  { method: "POST", path: "/api/messaging/sms/webhook", access: anyone, summary: "Twilio's SMS status callbacks and incoming SMS (form-encoded), verified by X-Twilio-Signature with the library's validateRequest; 401 otherwise" },
  // Accounts.
  { method: "GET", path: "/api/getUser", access: anyone, summary: "The signed-in account {user}, else 401" },
  { method: "GET", path: "/auth/google", access: anyone, summary: "Starts Google sign-in (?next=/path) → 302 to Google", answer: "redirect" },
  { method: "GET", path: "/auth/google/callback", access: anyone, summary: "Finishes Google sign-in → 302 to next, or /login?error=…", answer: "redirect" },
  { method: "GET", path: "/api/account", access: signedIn, summary: "The account's own space (profile, bookings, enrolments, waitlists, certificates)" },
  { method: "GET", path: "/api/account/children", access: signedIn, summary: "The account's saved children" },
  { method: "GET", path: "/api/account/certificates/:id/pdf", access: signedIn, summary: "The PDF of one of the account's children's certificates", answer: "pdf" },
  { method: "GET", path: "/api/account/export", access: signedIn, summary: "Everything held about the account, as a JSON download" },
  { method: "GET", path: "/api/account/security", access: signedIn, summary: "The account's passkeys, authenticator app and recovery codes left" },
  { method: "GET", path: "/api/account/timetable", access: signedIn, summary: "The family's timetable and calendar feed link" },
  { method: "GET", path: "/api/calendar-feeds/:token", access: anyone, summary: "The family's private iCalendar feed (path ends in .ics)", answer: "calendar" },
  // Staff: users, invitations, submissions, audit, settings, camps.
  { method: "GET", path: "/api/admin/users", access: admin, summary: "List of accounts (never password hashes)" },
  { method: "GET", path: "/api/admin/submissions/:kind", access: staff, summary: "List of school enquiries, contact messages, camp enrolments or brochure leads" },
  { method: "GET", path: "/api/admin/audit", access: admin, summary: "List of the audit log, newest first" },
  // Content.
  collectionList("blogs", "blog posts"),
  collectionList("courses", "courses"),
  collectionList("teachers", "teachers"),
  collectionList("products", "products"),
  collectionList("testimonials", "testimonials"),
  { method: "GET", path: "/api/blogs", access: anyone, summary: "Published posts, newest first (?lang, ?page, ?limit; X-Total-Count)", answer: "json-array" },
  { method: "GET", path: "/api/blogs/:slug", access: anyone, summary: "One published post" },
  { method: "GET", path: "/blog/rss.xml", access: anyone, summary: "RSS feed of the 20 newest posts, English", answer: "rss" },
  { method: "GET", path: "/ar/blog/rss.xml", access: anyone, summary: "RSS feed of the 20 newest posts, Arabic", answer: "rss" },
  { method: "GET", path: "/admin/course-dashboard/all-courses", access: anyone, summary: "Public course list (?lang, ?age, ?childAge)" },
  { method: "GET", path: "/sitemap.xml", access: anyone, summary: "Every public page in English and Arabic", answer: "xml" },
  { method: "GET", path: "/robots.txt", access: anyone, summary: "Robots rules naming the sitemap", answer: "text" },
  { method: "GET", path: "/og-image.png", access: anyone, summary: "Link-preview picture 1200×630 (?src=)", answer: "png" },
  { method: "GET", path: "/summer-camp/brochure.pdf", access: anyone, summary: "The camp brochure (?lang=en|ar)", answer: "pdf" },
  // Media.
  { method: "GET", path: "/api/admin/media", access: staff, summary: "List of the media library" },
  { method: "GET", path: "/api/admin/media/:id", access: staff, summary: "One image of the media library" },
  // Demo classes.
  { method: "GET", path: "/api/demo-waitlist/:token", access: anyone, summary: "A place in a demo time's waitlist" },
  // Course groups, enrolments, teaching.
  { method: "GET", path: "/api/courses/:course/sections", access: anyone, summary: "A course's groups a parent can still join" },
  { method: "GET", path: "/api/section-waitlist/:token", access: anyone, summary: "A place in a group's waitlist" },
  { method: "GET", path: "/api/enrolments/:token", access: anyone, summary: "An enrolment's own link: the enrolment, the groups it may move to, and what a drop does to the money" },
  { method: "GET", path: "/api/admin/sections", access: staff, summary: "Every group (?courseId)" },
  { method: "GET", path: "/api/admin/demo-funnel", access: staff, summary: "Demo classes booked → attended → enrolled per course and month (?months)" },
  { method: "GET", path: "/api/teaching/certificates/:id/pdf", access: teaching, summary: "A certificate's PDF (staff or the group's instructor)", answer: "pdf" },
  // Billing.
  { method: "POST", path: "/api/payments/stripe/webhook", access: anyone, summary: "Stripe's events: verified over the raw body, stored, answered 200 (decisions 085, 094)" },
  { method: "GET", path: "/api/admin/billing/export.csv", access: staff, summary: "Every ledger entry as CSV for the accountant", answer: "csv" },
  { method: "GET", path: "/account/invoices/:id/pdf", access: anyone, summary: "The signed-in family's own invoice PDF (signed out: 303 to sign in)", answer: "pdf", redirects: "signed out: 303 to the sign-in page, which comes back here" },
  { method: "GET", path: "/ar/account/invoices/:id/pdf", access: anyone, summary: "The signed-in family's own invoice PDF, Arabic address", answer: "pdf", redirects: "signed out: 303 to the sign-in page, which comes back here" },
  { method: "GET", path: "/enrolments/calendar", access: anyone, summary: "Every class of an enrolment as one .ics, from its signed receipt link (?token=, decision 109)", answer: "calendar" },
  { method: "GET", path: "/ar/enrolments/calendar", access: anyone, summary: "Every class of an enrolment as one .ics, Arabic", answer: "calendar" },
  { method: "GET", path: "/account/credit-notes/:id/pdf", access: anyone, summary: "The signed-in family's own credit note PDF", answer: "pdf", redirects: "signed out: 303 to the sign-in page, which comes back here" },
  { method: "GET", path: "/ar/account/credit-notes/:id/pdf", access: anyone, summary: "The signed-in family's own credit note PDF, Arabic address", answer: "pdf", redirects: "signed out: 303 to the sign-in page, which comes back here" },
];
