import { type RouteConfig, type RouteConfigEntry, index, prefix, route } from "@react-router/dev/routes";
import type { Lang } from "./i18n/lang";

/**
 * Every page exists twice: English at the specification's path, Arabic under /ar.
 * Route ids carry the language so both twins can live in one table.
 */
function site(lang: Lang): RouteConfigEntry[] {
  const id = (name: string) => `${lang}:${name}`;
  return [
    index("features/home/home.route.tsx", { id: id("home") }),
    route("login", "features/accounts/login.route.tsx", { id: id("login") }),
    route("signup", "features/accounts/signup.route.tsx", { id: id("signup") }),
    route("forgot-password", "features/accounts/forgot-password.route.tsx", { id: id("forgot-password") }),
    route("reset-password", "features/accounts/reset-password.route.tsx", { id: id("reset-password") }),
    route("admin/login", "features/accounts/admin-login.route.tsx", { id: id("admin-login") }),
    route("admin/login/second-factor", "features/accounts/security/second-factor.route.tsx", { id: id("second-factor") }),
    route("admin/setup", "features/accounts/admin-setup.route.tsx", { id: id("admin-setup") }),
    route("admin/invite", "features/accounts/staff-invite.route.tsx", { id: id("staff-invite") }),
    // A guardian's invitation to join a family (issue 45 item 3, decision 139).
    route("guardian-invite", "features/guardians/guardian-invite.route.tsx", { id: id("guardian-invite") }),
    route("logout", "features/accounts/logout.route.tsx", { id: id("logout") }),
    // /account is a layout (heading, data, the forms' action); its sections are the index child.
    route("account", "features/accounts/account.route.tsx", { id: id("account") }, [
      index("features/accounts/account-sections.route.tsx", { id: id("account-sections") }),
    ]),
    route("account/security", "features/accounts/security/security.route.tsx", { id: id("account-security") }),
    route("account/makeups", "features/makeups/account-makeups.route.tsx", { id: id("account-makeups") }),
    route("account/invoices", "features/billing/reports/account-invoices.route.tsx", { id: id("account-invoices") }),
    route("account/messages", "features/messaging/account-messages.route.tsx", { id: id("account-messages") }),
    route("account/portfolio", "features/portfolio/account-portfolio.route.tsx", { id: id("account-portfolio") }),
    // Each child's class pass, scanned at arrival (issue 45 item 4, decision 141).
    route("account/passes", "features/teaching/account-passes.route.tsx", { id: id("account-passes") }),
    route("account/pickup", "features/teaching/account-pickup.route.tsx", { id: id("account-pickup") }),
    route("makeups/absence", "features/makeups/absence-link.route.tsx", { id: id("absence-link") }),
    route("courses", "features/courses/courses.route.tsx", { id: id("courses") }),
    route("book-trial", "features/courses/book-trial.route.tsx", { id: id("book-trial") }),
    route("courses/course-filter", "features/courses/course-filter.route.tsx", { id: id("course-filter") }),
    route("courses/:slug", "features/courses/course.route.tsx", { id: id("course") }),
    route("courses/:course/bookdemoclass", "features/booking/book-demo.route.tsx", { id: id("book-demo") }),
    route("courses/:course/bookdemoclass/book-demo-class-slot-booked-page", "features/booking/booking-confirmed.route.tsx", { id: id("booking-confirmed") }),
    route("courses/:course/bookdemoclass/waitlist", "features/booking/waitlist-join.route.tsx", { id: id("waitlist-join") }),
    route("booking/cancel", "features/booking/booking-cancel.route.tsx", { id: id("booking-cancel") }),
    route("booking/waitlist", "features/booking/waitlist.route.tsx", { id: id("waitlist") }),
    route("booking/waitlist/accept", "features/booking/waitlist.route.tsx", { id: id("waitlist-accept") }),
    route("booking/reschedule", "features/booking/booking-reschedule.route.tsx", { id: id("booking-reschedule") }),
    route("sections/waitlist", "features/sections/section-waitlist.route.tsx", { id: id("section-waitlist") }),
    route("enrolments/manage", "features/sections/enrolment-manage.route.tsx", { id: id("enrolment-manage") }),
    route("enrolments/confirmed", "features/sections/enrolment-confirmed.route.tsx", { id: id("enrolment-confirmed") }),
    route("payments/enrolment", "features/billing/payments/enrolment-payment.route.tsx", { id: id("payments-enrolment") }),
    route("payments/invoice", "features/billing/instalments/invoice-payment.route.tsx", { id: id("payments-invoice") }),
    route("know-more-info", "features/pages/know-more.route.tsx", { id: id("know-more") }),
    route("contact-us", "features/pages/contact-us.route.tsx", { id: id("contact-us") }),
    route("projects", "features/pages/projects.route.tsx", { id: id("projects") }),
    route("stemlab", "features/pages/stemlab.route.tsx", { id: id("stemlab") }),
    route("products", "features/products/products.route.tsx", { id: id("products") }),
    route("contact-us-school", "features/school/school.route.tsx", { id: id("contact-us-school") }),
    route("blog", "features/blog/blog-list.route.tsx", { id: id("blog") }),
    route("blog/:slug", "features/blog/blog-post.route.tsx", { id: id("blog-post") }),
    route("blog-preview", "features/blog/blog-preview.route.tsx", { id: id("blog-preview") }),
    route("summer-camp", "features/camp/summer-camp.route.tsx", { id: id("summer-camp") }),
    route("enroll", "features/camp/enrol.route.tsx", { id: id("enroll") }),
    route("enroll/confirmed", "features/camp/enrol-confirmed.route.tsx", { id: id("enroll-confirmed") }),
    route("consent/complete", "features/consent/consent-complete.route.tsx", { id: id("consent-complete") }),
    // Instructors' pages (issue 30): their own groups' classes, rosters and attendance, phone first.
    route("teaching", "features/teaching/teaching-layout.route.tsx", { id: id("teaching") }, [
      index("features/teaching/teaching-home.route.tsx", { id: id("teaching-home") }),
      route("meetings/:id", "features/teaching/meeting.route.tsx", { id: id("teaching-meeting") }),
      // A class pass's QR code opens this page; a desk scanner types passes into it (decision 141).
      route("check-in", "features/teaching/check-in.route.tsx", { id: id("teaching-check-in") }),
      route("pickup", "features/teaching/pickup.route.tsx", { id: id("teaching-pickup") }),
      // A group's certificates, inside the teaching layout (issue 42, step 10).
      route("sections/:id/certificates", "features/certificates/certificates-issue.route.tsx", { id: id("certificates-issue") }),
      // A group's skill marks on the ladder of its course (issue 44, decision 130).
      route("sections/:id/skills", "features/levels/skills.route.tsx", { id: id("teaching-skills") }),
      // A child's project from the group's roster (issue 44 item 2, decision 135).
      route("sections/:id/portfolio", "features/portfolio/teaching-portfolio.route.tsx", { id: id("teaching-portfolio") }),
      // A group's termly progress reports: comments, next steps, issue (issue 44 item 3, decision 138).
      route("sections/:id/progress-reports", "features/progress/progress.route.tsx", { id: id("teaching-progress") }),
      // The camp's check-out and its certificates, in the same layout (issue 42, step 10).
      route("camp", "features/consent/camp-checkout.route.tsx", { id: id("camp-checkout") }),
      route("camp/certificates", "features/certificates/camp-certificates.route.tsx", { id: id("camp-certificates") }),
      // An instructor's password, passkeys, authenticator app and devices, in this layout (issue 42, step 10).
      route("security", "features/accounts/security/security.route.tsx", { id: id("teaching-security") }),
      // Families' messages of the instructor's own groups, read only (decision 134).
      route("messages", "features/messaging/teaching-messages.route.tsx", { id: id("teaching-messages") }),
    ]),
    route("certificates/:code", "features/certificates/certificate-verify.route.tsx", { id: id("certificate-verify") }),
    route("admin", "features/admin/admin-layout.route.tsx", { id: id("admin") }, [
      index("features/admin/dashboard.route.tsx", { id: id("admin-dashboard") }),
      ...adminSubmissionRoutes(id),
      route("users", "features/admin/users/users.route.tsx", { id: id("admin-users") }),
      route("users/:id", "features/admin/users/user.route.tsx", { id: id("admin-user") }),
      route("settings", "features/admin/settings/settings.route.tsx", { id: id("admin-settings") }),
      // Staff's sign-in security in the staff layout (issue 42, step 10); /account/security leads here.
      route("security", "features/accounts/security/security.route.tsx", { id: id("admin-security") }),
      route("settings/camps/:id", "features/admin/settings/camp.route.tsx", { id: id("admin-camp") }),
      // One page per group of settings (issue 42 step 9, decision 116); /admin/settings lists them.
      route("settings/:group", "features/admin/settings/settings-group.route.tsx", { id: id("admin-settings-group") }),
      route("audit", "features/admin/audit/audit.route.tsx", { id: id("admin-audit") }),
      route("retention", "features/admin/retention/retention.route.tsx", { id: id("admin-retention") }),
      route("slots", "features/booking/admin-slots.route.tsx", { id: id("admin-slots") }),
      route("sections", "features/sections/admin-sections.route.tsx", { id: id("admin-sections") }),
      route("sections/new", "features/sections/admin-section-new.route.tsx", { id: id("admin-section-new") }),
      route("enrolments/:reference", "features/sections/admin-enrolment.route.tsx", { id: id("admin-enrolment") }),
      route("sections/:id", "features/sections/admin-section.route.tsx", { id: id("admin-section") }),
      route("sections/:id/roster", "features/sections/admin-section-roster.route.tsx", { id: id("admin-section-roster") }),
      route("demo-bookings/:id/enrol", "features/sections/demo-convert.route.tsx", { id: id("admin-demo-convert") }),
      route("discounts", "features/billing/discounts/admin-discounts.route.tsx", { id: id("admin-discounts") }),
      route("discounts/:id", "features/billing/discounts/admin-promo-code.route.tsx", { id: id("admin-promo-code") }),
      route("billing", "features/billing/admin-billing.route.tsx", { id: id("admin-billing") }),
      route("billing/invoices/:id", "features/billing/admin-invoice.route.tsx", { id: id("admin-invoice") }),
      route("billing/families/:familyKey", "features/billing/admin-family-statement.route.tsx", { id: id("admin-family-statement") }),
      route("billing/invoices/:id/instalments", "features/billing/instalments/instalments.route.tsx", { id: id("admin-instalments") }),
      route("billing/payments/:id/refund", "features/billing/refunds/admin-refund.route.tsx", { id: id("admin-refund") }),
      route("billing/refund-policies", "features/billing/refunds/admin-refund-policies.route.tsx", { id: id("admin-refund-policies") }),
      route("media", "features/media/media.route.tsx", { id: id("admin-media") }),
      route("consent-forms", "features/consent/admin-consent-forms.route.tsx", { id: id("admin-consent-forms") }),
      route("consent-forms/missing", "features/consent/admin-consent-missing.route.tsx", { id: id("admin-consent-missing") }),
      route("consent-forms/:id", "features/consent/admin-consent-form.route.tsx", { id: id("admin-consent-form") }),
      route("attendance", "features/teaching/admin-attendance.route.tsx", { id: id("admin-attendance") }),
      // The families' messages (issue 43, decision 127): the inbox and messages given up.
      route("messages", "features/messaging/admin-messages.route.tsx", { id: id("admin-messages") }),
      // Broadcasts beside the inbox (issue 43 item 5, decision 134).
      route("messages/broadcasts", "features/messaging/admin-broadcasts.route.tsx", { id: id("admin-broadcasts") }),
      // Automations beside them (issue 43 item 5, decision 140).
      route("messages/automations", "features/messaging/admin-automations.route.tsx", { id: id("admin-automations") }),
      // Each message's words in both languages and its WhatsApp template (issue 43 item 2).
      route("messages/templates", "features/messaging/admin-templates.route.tsx", { id: id("admin-templates") }),
      route("attendance/missed", "features/teaching/admin-missed.route.tsx", { id: id("admin-attendance-missed") }),
      ...adminContentRoutes(id),
    ]),
  ];
}

/** Content editors of the admin area (issue 7): list, new and edit pages per kind of content. */
function adminContentRoutes(id: (name: string) => string): RouteConfigEntry[] {
  const dir = "features/admin-content";
  return [
    route("blogs", `${dir}/blogs.route.tsx`, { id: id("admin-blogs") }),
    route("blogs/new", `${dir}/blog-editor.route.tsx`, { id: id("admin-blog-new") }),
    route("blogs/edit/:id", `${dir}/blog-editor.route.tsx`, { id: id("admin-blog-edit") }),
    route("blogs/edit/:id/revisions", `${dir}/revisions.route.tsx`, { id: id("admin-blog-revisions") }),
    route("courses", `${dir}/courses.route.tsx`, { id: id("admin-courses") }),
    route("courses/new", `${dir}/course-editor.route.tsx`, { id: id("admin-course-new") }),
    route("courses/edit/:id", `${dir}/course-editor.route.tsx`, { id: id("admin-course-edit") }),
    route("courses/edit/:id/revisions", `${dir}/revisions.route.tsx`, { id: id("admin-course-revisions") }),
    // A course's ladder of levels and skills (issue 44, decision 130).
    route("courses/edit/:id/levels", "features/levels/admin-levels.route.tsx", { id: id("admin-course-levels") }),
    route("teachers", `${dir}/teachers.route.tsx`, { id: id("admin-teachers") }),
    route("teachers/new", `${dir}/teacher-editor.route.tsx`, { id: id("admin-teacher-new") }),
    route("teachers/edit/:id", `${dir}/teacher-editor.route.tsx`, { id: id("admin-teacher-edit") }),
    route("products", `${dir}/products.route.tsx`, { id: id("admin-products") }),
    route("products/new", `${dir}/product-editor.route.tsx`, { id: id("admin-product-new") }),
    route("products/edit/:id", `${dir}/product-editor.route.tsx`, { id: id("admin-product-edit") }),
    route("testimonials", `${dir}/testimonials.route.tsx`, { id: id("admin-testimonials") }),
    route("testimonials/new", `${dir}/testimonial-editor.route.tsx`, { id: id("admin-testimonial-new") }),
    route("testimonials/edit/:id", `${dir}/testimonial-editor.route.tsx`, { id: id("admin-testimonial-edit") }),
    route("testimonials/edit/:id/revisions", `${dir}/revisions.route.tsx`, { id: id("admin-testimonial-revisions") }),
    route("pages", `${dir}/pages.route.tsx`, { id: id("admin-pages") }),
    route("pages/:page", `${dir}/page-editor.route.tsx`, { id: id("admin-page") }),
    route("page-sections/edit/:id/revisions", `${dir}/revisions.route.tsx`, { id: id("admin-page-section-revisions") }),
  ];
}

/** The four submission lists share one list page and one detail page (admin area, issue 7). */
function adminSubmissionRoutes(id: (name: string) => string): RouteConfigEntry[] {
  const lists = [
    ["submissions/school", "admin-school"],
    ["submissions/contact", "admin-contact"],
    ["enrollment-forms", "admin-enrollments"],
    ["brochure-leads", "admin-brochure-leads"],
  ] as const;
  return lists.flatMap(([path, name]) => [
    route(path, "features/admin/submissions/submission-list.route.tsx", { id: id(name) }),
    route(`${path}/:id`, "features/admin/submissions/submission-detail.route.tsx", { id: id(`${name}-detail`) }),
  ]);
}

export default [...site("en"), ...prefix("ar", site("ar")), route("*", "ui/not-found.route.tsx", { id: "not-found" })] satisfies RouteConfig;
