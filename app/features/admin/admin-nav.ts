/** The admin sidebar, in order: unprefixed path and the label key (namespace "admin", under nav.); `adminOnly` entries are hidden from editors. */
export const adminNav = [
  { to: "/admin", key: "dashboard", end: true },
  { to: "/admin/blogs", key: "blogs" },
  { to: "/admin/courses", key: "courses" },
  { to: "/admin/teachers", key: "teachers" },
  { to: "/admin/submissions/school", key: "school" },
  { to: "/admin/submissions/contact", key: "contact" },
  { to: "/admin/slots", key: "slots" },
  { to: "/admin/sections", key: "sections" },
  { to: "/admin/enrollment-forms", key: "enrollments" },
  { to: "/admin/brochure-leads", key: "brochureLeads" },
  { to: "/admin/products", key: "products" },
  { to: "/admin/media", key: "media" },
  { to: "/admin/users", key: "users", adminOnly: true },
  { to: "/admin/settings", key: "settings", adminOnly: true },
  { to: "/admin/audit", key: "audit", adminOnly: true },
] as const;
