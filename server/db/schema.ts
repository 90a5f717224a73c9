import type { Role } from "~/lib/roles";
import type { ColumnType, Generated } from "kysely";

/**
 * Row types of every table, as stored (see values.ts for the column conventions:
 * dates are ISO text, booleans 0/1, structured values JSON text).
 * Each feature that owns tables adds its interface to `Database` below.
 */

export interface CoursesTable {
  id: Generated<number>;
  key: string;
  slug: string;
  name_en: string;
  name_ar: string;
  description_en: string;
  description_ar: string;
  content_en: string;
  content_ar: string;
  faqs: string;
  sessions: number;
  /** Major units of `currency`, with up to its decimals (KWD 12.345; decision 101, amended): billing reads it through toMinor. */
  price: number;
  /** ISO 4217, upper case, one of app/lib/money.ts CURRENCIES (CHECK). */
  currency: Generated<string>;
  discounted: number;
  /** Same units as `price`. */
  original_price: number | null;
  /** Early-booking price in minor units and the last day (academy calendar, yyyy-mm-dd) it applies; null: none. */
  early_price_minor: ColumnType<number | null, number | null | undefined, number | null>;
  early_price_until: ColumnType<string | null, string | null | undefined, string | null>;
  /** Refund policy (decision 092): percent of what was paid given back on a drop before the first class, and after. */
  refund_percent_before: Generated<number>;
  refund_percent_after: Generated<number>;
  min_age: number;
  max_age: number;
  instructor: string;
  rating: number | null;
  image: string;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  /** Split new invoices into this many monthly instalments (0: not split; decision 091). */
  instalment_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface TeachersTable {
  id: Generated<number>;
  name_en: string;
  name_ar: string;
  profile_en: string;
  profile_ar: string;
  experience_en: string;
  experience_ar: string;
  subjects: string;
  photo: string;
  created_at: string;
  updated_at: string;
}

export interface TestimonialsTable {
  id: Generated<number>;
  kind: "child" | "parent";
  name_en: string;
  name_ar: string;
  age: number | null;
  course_en: string;
  course_ar: string;
  review_en: string;
  review_ar: string;
  sort: number;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

/** One section of a public page's staff-edited texts (decision 058): JSON objects of field → text per language. */
export interface PageSectionsTable {
  id: Generated<number>;
  page: string;
  section: string;
  texts_en: string;
  texts_ar: string;
  created_at: string;
  updated_at: string;
}

export interface CampsTable {
  id: Generated<number>;
  slug: string;
  title_en: string;
  title_ar: string;
  grades_en: string;
  grades_ar: string;
  duration_en: string;
  duration_ar: string;
  /** Whole units of `currency` (decision 101). */
  price: number;
  old_price: number;
  /** ISO 4217, upper case, one of app/lib/money.ts CURRENCIES (CHECK). */
  currency: Generated<string>;
  discount: number;
  /** Early-booking price in minor units and the last day (academy calendar, yyyy-mm-dd) it applies; null: none. */
  early_price_minor: ColumnType<number | null, number | null | undefined, number | null>;
  early_price_until: ColumnType<string | null, string | null | undefined, string | null>;
  /** Refund policy (decision 092): percent of what was paid given back on a drop before the first class, and after. */
  refund_percent_before: Generated<number>;
  refund_percent_after: Generated<number>;
  features: string;
  batches: string;
  curriculum: string;
  sort: number;
  /** Split new invoices into this many monthly instalments (0: not split; decision 091). */
  instalment_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ProductsTable {
  id: Generated<number>;
  slug: string;
  name_en: string;
  name_ar: string;
  description_en: string;
  description_ar: string;
  price: number;
  image: string;
  sort: number;
  created_at: string;
  updated_at: string;
}

export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  status: "draft" | "published";
  title_en: string;
  title_ar: string;
  description_en: string;
  description_ar: string;
  category_en: string;
  category_ar: string;
  content_en: string;
  content_ar: string;
  meta_title_en: string;
  meta_title_ar: string;
  meta_description_en: string;
  meta_description_ar: string;
  meta_keywords_en: string;
  meta_keywords_ar: string;
  image_url: string;
  author: string;
  publish_date: string;
  created_at: string;
  updated_at: string;
}

export interface SiteSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface ContentTables {
  courses: CoursesTable;
  teachers: TeachersTable;
  testimonials: TestimonialsTable;
  camps: CampsTable;
  products: ProductsTable;
  blog_posts: BlogPostsTable;
  site_settings: SiteSettingsTable;
}

/** A token per cached table, changed by the database on every write to it (decision 158, server/db/data-versions.ts). */
export interface DataVersionsTable {
  name: "site_settings" | "courses";
  token: string;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: string;
}

/** Status of a submission that staff follow up. */
export type SubmissionStatus = "new" | "contacted" | "closed";

export interface ContactMessagesTable {
  id: Generated<number>;
  email: string;
  description: string;
  status: SubmissionStatus;
  notes: string;
  created_at: string;
  updated_at: string;
}

export type { Role } from "~/lib/roles";

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string | null;
  contact_number: string;
  role: Role;
  /** The teacher profile an instructor teaches as (decision 073); null for everyone else. */
  teacher_id: ColumnType<number | null, number | null | undefined, number | null>;
  disabled: number;
  google_sub: string | null;
  /** When the e-mail was proven to be the holder's (ISO); null while never proven. */
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export type JobStatus = "queued" | "running" | "done" | "dead";

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON text; what the job's handler needs. */
  payload: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  /** ISO; not run before this time (retries are pushed back). */
  run_at: string;
  locked_by: string | null;
  /** ISO; a running job whose lease passed (its worker died) may be claimed again. */
  locked_until: string | null;
  last_error: string | null;
  unique_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface UnreferencedUploadsTable {
  /** The 24 hex characters every stored copy (width) of one upload shares. */
  upload: string;
  /** ISO; when the daily clean-up first found no record referring to it. */
  since: string;
}

/** One upload of the media library (issue 16); every upload gets a row. */
export interface MediaTable {
  id: Generated<number>;
  /** The 24 hex characters every stored copy (width) of the upload shares. */
  upload: string;
  /** The URL of the largest copy: what image fields keep. */
  url: string;
  /** Of the largest copy; null for uploads added from existing content. */
  width: number | null;
  height: number | null;
  alt_en: string;
  alt_ar: string;
  uploaded_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  kind: "password" | "google" | "passkey";
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** Public reference by which the holder ends this session (never the id, derived from the token). */
  ref: string | null;
  /** Browser and system summarised from the User-Agent at sign-in (device-label.ts), or null. */
  browser: string | null;
  os: string | null;
  /** Client address last seen (resolved under TRUST_PROXY). */
  ip: string | null;
}

/** A passkey (WebAuthn credential) of an account (decision 046). */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: number;
  /** JSON list of transports. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** An account's authenticator-app secret (encrypted); enabled_at null while set-up waits for a code. */
export interface TotpFactorsTable {
  user_id: number;
  secret: string;
  enabled_at: string | null;
  last_step: number;
  created_at: string;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

/** A short-lived step between two requests of a sign-in or passkey ceremony; id = SHA-256 of the cookie's token. */
export interface AuthStepsTable {
  id: string;
  purpose: "passkey-login" | "passkey-register" | "second-factor";
  user_id: number | null;
  challenge: string;
  attempts: number;
  created_at: string;
  expires_at: string;
}

export interface AdminSetupTokensTable {
  /** SHA-256 of the one-time token printed by `npm start` while no staff account exists. */
  id: string;
  created_at: string;
  expires_at: string;
}

export interface PasswordResetsTable {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SchoolEnquiriesTable {
  id: Generated<number>;
  name: string;
  email: string;
  contact_number: string;
  designation: string;
  city: string;
  school_name: string;
  preferred_date: string;
  preferred_time: string;
  requirements: string;
  status: SubmissionStatus;
  notes: string;
  created_at: string;
  updated_at: string;
}

export type DemoSlotStatus = "open" | "closed";
export type DemoBookingStatus = "booked" | "attended" | "no_show" | "cancelled";

export type DemoSlotMode = "academy" | "online";

export interface DemoSlotsTable {
  id: Generated<number>;
  /** ISO-8601 UTC start time. */
  starts_at: string;
  duration_minutes: number;
  capacity: number;
  /** Live (not cancelled) bookings; only the booking and cancel transactions change it. */
  seats_taken: Generated<number>;
  course_id: number | null;
  status: DemoSlotStatus;
  /** Where the demo class happens; online slots carry the meeting link. */
  mode: Generated<DemoSlotMode>;
  meeting_url: Generated<string>;
  created_at: string;
  updated_at: string;
}

export type WaitlistStatus = "waiting" | "offered" | "booked" | "expired" | "left";

/** A parent in line for a full demo slot (decision 032). */
export interface SlotWaitlistTable {
  id: Generated<number>;
  slot_id: number;
  course_id: number | null;
  /** The entry's link secret (status, accept and leave pages). */
  token: string;
  child_name: string;
  child_age: number;
  parent_name: string;
  email: string;
  phone: string;
  lang: "en" | "ar";
  status: WaitlistStatus;
  /** While offered: when the offer was made and until when the seat is held. */
  offered_at: ColumnType<string | null, string | null | undefined, string | null>;
  offer_expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The booking an accepted offer became. */
  booking_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
  updated_at: string;
}

export interface DemoBookingsTable {
  id: Generated<number>;
  reference: string;
  cancel_token: string;
  /** Short code for phone calls (6 characters, unambiguous alphabet); null for bookings made before it existed. */
  code: string | null;
  slot_id: number;
  course_id: number | null;
  course_name: string;
  child_name: string;
  child_age: number;
  parent_name: string;
  email: string;
  phone: string;
  lang: "en" | "ar";
  status: DemoBookingStatus;
  user_id: number | null;
  /** When the 24-hour reminder was claimed (queued); null while due or after a reschedule. */
  reminder_sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the follow-up e-mail after attendance was claimed (queued); null until then (decision 033). */
  followup_sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export type SectionStatus = "open" | "closed" | "cancelled";
export type EnrolmentStatus = "enrolled" | "cancelled" | "dropped";

/** One term of a course on a weekly pattern (issue 29, decision 059). */
export interface CourseSectionsTable {
  id: Generated<number>;
  course_id: number;
  teacher_id: number | null;
  /** "1,3": weekdays, 0 = Sunday, in the academy's zone. */
  weekdays: string;
  /** HH:MM in the academy's zone. */
  start_time: string;
  duration_minutes: number;
  /** YYYY-MM-DD in the academy's zone. */
  first_date: string;
  meeting_count: number;
  /** JSON array of skipped academy dates. */
  closures: Generated<string>;
  mode: Generated<DemoSlotMode>;
  meeting_url: Generated<string>;
  capacity: number;
  /** Live enrolments (+ open offers); only the enrolment transactions change it. */
  seats_taken: Generated<number>;
  min_age: number;
  max_age: number;
  language: Generated<"en" | "ar">;
  registration_opens_at: string | null;
  registration_closes_at: string;
  /** First and last meeting, UTC. */
  starts_at: string;
  ends_at: string;
  status: Generated<SectionStatus>;
  created_at: string;
  updated_at: string;
}

/** A materialised meeting of a section (UTC start). */
export interface SectionMeetingsTable {
  id: Generated<number>;
  section_id: number;
  starts_at: string;
  duration_minutes: number;
  status: Generated<"scheduled" | "cancelled">;
  /** Make-up guests booked into this meeting (decision 076), below the make-up allowance. */
  makeup_guests: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A child's seat in every meeting of a section. */
export interface SectionEnrolmentsTable {
  id: Generated<number>;
  reference: string;
  code: string;
  section_id: number;
  course_id: number | null;
  child_name: string;
  child_key: string;
  child_age: number;
  child_id: number | null;
  parent_name: string;
  email: string;
  phone: string;
  lang: "en" | "ar";
  user_id: number | null;
  source: Generated<"direct" | "demo">;
  /** The demo booking staff converted into this enrolment (decision 068), else null. */
  demo_booking_id: ColumnType<number | null, number | null | undefined, number | null>;
  status: Generated<EnrolmentStatus>;
  /** When the enrolment was last moved to another section of its course (decision 066). */
  moved_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why it was dropped (staff's or the parent's words). */
  drop_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Set while the seat is held for an online payment (decision 085); null once paid, or never held.
   * Kept on an enrolment the hold sweep cancelled (its payment never came).
   */
  payment_hold_until: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export type AttendanceStatus = "present" | "late" | "absent" | "excused";

/** One child's mark at one class meeting (decision 073): their own enrolment or a make-up guest's. */
export interface MeetingAttendanceTable {
  id: Generated<number>;
  meeting_id: number;
  enrolment_id: number;
  status: AttendanceStatus;
  note: Generated<string>;
  marked_by: number | null;
  /** When the family was told of an absent mark (decision 143); null: not yet, or never absent. */
  family_told_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export type CheckoutStatus = "open" | "paid" | "expired" | "refunded";

/** One hosted checkout at the payment provider (decision 085). */
export interface PaymentCheckoutsTable {
  id: Generated<number>;
  provider: "stripe";
  /** The provider's checkout session id (UNIQUE). */
  session_id: string;
  /** A held enrolment's payment, or an invoice's (one instalment or all it owes: decision 091). */
  kind: "section" | "invoice";
  enrolment_id: number | null;
  invoice_id: ColumnType<number | null, number | null | undefined, number | null>;
  instalment_id: ColumnType<number | null, number | null | undefined, number | null>;
  amount_minor: number;
  /** ISO 4217, upper case (decision 101; the provider's lower case stays at the provider boundary). */
  currency: string;
  status: Generated<CheckoutStatus>;
  hold_expires_at: string;
  lang: "en" | "ar";
  payment_ref: ColumnType<string | null, string | null | undefined, string | null>;
  paid_amount_minor: ColumnType<number | null, number | null | undefined, number | null>;
  /** The currency the provider reported with the payment (decision 094). */
  paid_currency: ColumnType<string | null, string | null | undefined, string | null>;
  paid_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** A certificate of completion issued to a child's enrolment in a group (decision 080). */
export interface CertificatesTable {
  id: Generated<number>;
  /** The short public code (12 Crockford base-32 characters, stored without hyphens). */
  code: string;
  /** A course group's certificate, or the summer camp's (decision 089): which enrolment link it uses. */
  kind: ColumnType<"section" | "camp", "section" | "camp" | undefined, "section" | "camp">;
  enrolment_id: number | null;
  section_id: number | null;
  /** A camp certificate's enrolment (`camp_enrolments`) and camp; null for a group's. */
  camp_enrolment_id: ColumnType<number | null, number | null | undefined, number | null>;
  camp_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Copied at issue: what the certificate says. */
  child_name: string;
  course_en: string;
  course_ar: string;
  /** The PDF's language. */
  lang: "en" | "ar";
  /** YYYY-MM-DD, the academy's date of issue. */
  issued_on: string;
  /** The attendance threshold (percent) it was issued under, and the child's rate then. */
  threshold: number;
  rate: number;
  issued_by: number | null;
  revoked_at: ColumnType<string | null, string | null | undefined, string | null>;
  revoked_by: ColumnType<number | null, number | null | undefined, number | null>;
  revoke_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set when the family's account was erased: the name is gone, the code says so. */
  erased_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** A level's certificate (decision 130): the completion it vouches for; null for attendance's and the camp's. */
  level_completion_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
  updated_at: string;
}

/** A parent's notice that a child misses one meeting of their own group (decision 076). */
export interface MeetingAbsencesTable {
  id: Generated<number>;
  meeting_id: number;
  enrolment_id: number;
  reason: Generated<string>;
  reported_via: "account" | "link";
  user_id: number | null;
  /** 1 when reported before the notice window (it earned a make-up credit), else 0. */
  with_notice: number;
  created_at: string;
  updated_at: string;
}

/** A provider event handled once (its id UNIQUE), with what handling it did. */
export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  event_type: string;
  session_id: string | null;
  /** `queued` until its job processed it (decision 094), then what processing did. */
  outcome: string;
  /** The verified event in our words (ProviderEvent as JSON); null on rows from before the inbox. */
  payload: ColumnType<string | null, string | null | undefined, string | null>;
  processed_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

export type PaymentNoticeKind =
  "amount-mismatch" | "refund-failed" | "refund-outside" | "refund-refused" | "dispute-opened" | "dispute-closed" | "reconcile" | "void-invoice-credit";
/** Something about money at the provider that staff must look at (decision 094), shown on the dashboard. */
export interface PaymentNoticesTable {
  id: Generated<number>;
  kind: PaymentNoticeKind;
  /** UNIQUE: one notice per event or per difference, however often it is processed. */
  notice_key: string;
  provider_ref: string | null;
  invoice_id: number | null;
  amount_minor: number | null;
  currency: string | null;
  /** Short machine-written facts (ids, amounts), shown as they are. */
  details: Generated<string>;
  created_at: string;
  resolved_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A make-up credit earned by an absence with notice; `meeting_id` is the make-up class it is spent on. */
export interface MakeupCreditsTable {
  id: Generated<number>;
  absence_id: number;
  enrolment_id: number;
  course_id: number;
  expires_at: string;
  meeting_id: number | null;
  booked_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The day-before reminder of one child for one meeting, claimed once across instances (decision 076). */
export interface MeetingRemindersTable {
  id: Generated<number>;
  meeting_id: number;
  enrolment_id: number;
  sent_at: string;
}

/** A parent in line for a full course section (decision 066: the demo slots' line, decision 032). */
export interface SectionWaitlistTable {
  id: Generated<number>;
  section_id: number;
  course_id: number | null;
  child_name: string;
  child_age: number;
  child_id: number | null;
  parent_name: string;
  email: string;
  phone: string;
  lang: "en" | "ar";
  user_id: number | null;
  status: WaitlistStatus;
  offered_at: ColumnType<string | null, string | null | undefined, string | null>;
  offer_expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The enrolment an accepted offer became. */
  enrolment_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
  updated_at: string;
}

/** A family's private calendar feed (decision 068): one per account, its URL's token kept hashed. */
export interface CalendarFeedsTable {
  id: Generated<number>;
  user_id: number;
  /** The token is mac(SESSION_SECRET, "calendar-feed", seed): /account shows the URL again. */
  seed: string;
  token_hash: string;
  lang: Generated<"en" | "ar">;
  created_at: string;
}

/** A child a parent saved on /account (decision 033); the booking form offers them. */
export interface AccountChildrenTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  age: number;
  created_at: string;
  updated_at: string;
}

/** Summer camp enrolments (decision 152: the table was `enrollments`; decision 157 dropped the view of that name). */
export interface CampEnrolmentsTable {
  id: Generated<number>;
  student_name: string;
  parent_name: string;
  email: string;
  phone_number: string;
  camp_id: number;
  camp_slug: string;
  /** The camp's English title when the family enrolled. */
  camp_title: string;
  /** One of the camp's batch values, e.g. "1 July - 20th July". */
  session: string;
  message: string;
  lang: "en" | "ar";
  /** Unguessable, for the confirmation page and e-mail; null for enrolments made before it existed. */
  reference: string | null;
  status: SubmissionStatus;
  notes: string;
  created_at: string;
  updated_at: string;
}

export interface BrochureLeadsTable {
  id: Generated<number>;
  student_name: string;
  student_email: string;
  grade: string;
  school: string;
  parent_contact: string;
  lang: "en" | "ar";
  status: SubmissionStatus;
  notes: string;
  created_at: string;
  updated_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: string;
  /** JSON text describing the change. */
  summary: string;
  created_at: string;
}

/** The tables whose records keep drafts and revisions. */
export type RevisedTable = "blog_posts" | "courses" | "page_sections" | "testimonials";

/** One person's unsaved editor values of a record (record_id 0: a record not created yet). */
export interface ContentDraftsTable {
  id: Generated<number>;
  record_table: RevisedTable;
  record_id: number;
  user_id: number;
  /** JSON text: the editor's values as typed. */
  form_values: string;
  created_at: string;
  updated_at: string;
}

/** A record's editor values after one save, with who saved it. */
export interface ContentRevisionsTable {
  id: Generated<number>;
  record_table: RevisedTable;
  record_id: number;
  user_id: number | null;
  user_name: string;
  /** JSON text: the editor's values as saved. */
  form_values: string;
  created_at: string;
}

/** A one-time invitation to join the staff (the token's SHA-256 is the id). */
export interface StaffInvitesTable {
  id: string;
  email: string;
  invited_by: number | null;
  lang: "en" | "ar";
  /** The staff role the invitation grants. */
  role: Generated<"admin" | "editor" | "instructor">;
  /** The teacher profile an instructor invitation links the new account to. */
  teacher_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Public reference for listing and revoking (the id is the token's hash). */
  ref: string | null;
  created_at: string;
  expires_at: string;
}

/** When a staff member last opened a list of new arrivals (its `area`, a sidebar key). */
export interface StaffSeenTable {
  user_id: number;
  area: string;
  seen_at: string;
}

export interface BlogSlugRedirectsTable {
  old_slug: string;
  post_id: number;
  created_at: string;
}

export type ConsentKind = "media" | "medical" | "liability" | "pickup";

/** A consent form the academy writes (decision 078); its texts live in its versions. */
export interface ConsentFormsTable {
  id: Generated<number>;
  kind: ConsentKind;
  /** 1: completed before an enrolment is confirmed; 0: offered, may be left. */
  required: number;
  /** 0: withdrawn (no longer asked; its answers stay). */
  active: number;
  /** The number of the version parents are asked now. */
  current_version: number;
  created_at: string;
  updated_at: string;
}

/** A staff-made promo code (decision 087); `code` stored trimmed and upper case. */
export interface PromoCodesTable {
  id: Generated<number>;
  code: string;
  kind: "amount" | "percent";
  amount_minor: number | null;
  currency: string | null;
  percent: number | null;
  applies_to: "all" | "courses" | "camp";
  /** First and last day it can be used, academy calendar (yyyy-mm-dd), either open. */
  valid_from: string | null;
  valid_until: string | null;
  max_uses: number;
  per_family: number;
  uses: Generated<number>;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One published text of a form: never changed, an edit makes the next number. */
export interface ConsentVersionsTable {
  id: Generated<number>;
  form_id: number;
  version: number;
  title_en: string;
  title_ar: string;
  body_en: string;
  body_ar: string;
  created_by: number | null;
  created_at: string;
}

/** A child's answer to one version: who signed, in which language, when. */
export interface ConsentAnswersTable {
  id: Generated<number>;
  version_id: number;
  form_id: number;
  email: string;
  child_key: string;
  child_name: string;
  signer_name: string;
  user_id: number | null;
  lang: "en" | "ar";
  /** 1 agreed; 0 declined (an optional form such as the media release). */
  agreed: number;
  allergies: Generated<string>;
  medical: Generated<string>;
  enrolment_id: number | null;
  camp_enrolment_id: number | null;
  signed_at: string;
}

/** A person an answer allows to collect the child; the PIN only as a keyed hash. */
export interface ConsentPickupsTable {
  id: Generated<number>;
  answer_id: number;
  name: string;
  phone: string;
  pin_hash: string | null;
  /** When too many wrong PINs in a day locked it (issue 39); null while usable. Staff unlock it. */
  pin_locked_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A reminder link that completes a family's forms without signing in (the token's hash only). */
export interface ConsentLinksTable {
  id: Generated<number>;
  token_hash: string;
  email: string;
  lang: "en" | "ar";
  created_at: string;
  expires_at: string;
}

/** Who collected a child from one class meeting (decision 142): a guardian by their pass, or a pickup person by PIN. Once per meeting and child. */
export interface ClassPickupsTable {
  id: Generated<number>;
  meeting_id: number;
  enrolment_id: number;
  guardian_user_id: number | null;
  pickup_id: number | null;
  collected_by: string;
  recorded_by: number | null;
  created_at: string;
}

/** A collector's photo in the private store (decision 142): a guardian's (`user_id`) or a consent pickup person's (`pickup_id`). */
export interface PickupPhotosTable {
  id: Generated<number>;
  /** The primary guardian of the family the collector belongs to. */
  family_user_id: number;
  user_id: number | null;
  pickup_id: number | null;
  /** The media pipeline's 24-hex name and its widths, ascending, comma-separated. */
  upload: string;
  widths: string;
  created_at: string;
}

/** A child not collected after a class, alerted once (the row is the claim). */
export interface LatePickupAlertsTable {
  id: Generated<number>;
  meeting_id: number;
  enrolment_id: number;
  alerted_at: string;
}

/** Who collected a camp child on a day, and which instructor recorded it. */
export interface CampCheckoutsTable {
  id: Generated<number>;
  camp_enrolment_id: number;
  day: string;
  pickup_id: number | null;
  collected_by: string;
  recorded_by: number | null;
  created_at: string;
}

/** How often one family used a code (the per-family counter). */
export interface PromoFamilyUsesTable {
  promo_id: number;
  family_key: string;
  uses: Generated<number>;
}

/** One use of a code, tied to the enrolment (course section or camp) it priced. */
export interface PromoRedemptionsTable {
  id: Generated<number>;
  promo_id: number;
  family_key: string;
  offer_kind: "section" | "camp";
  enrolment_id: number;
  amount_minor: number;
  currency: string;
  created_at: string;
  /** Given back (the enrolment ended unpaid); a late payment that brings the enrolment back takes it again (issue 38 item 4). */
  released_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Billing (issue 31, decision 082): amounts in integer minor units of the row's currency. */
export type InvoiceSeries = "INV" | "CN";
export interface InvoiceCountersTable {
  series: InvoiceSeries;
  year: number;
  last: number;
}

export type InvoiceStatus = "open" | "paid" | "void";

/** What a family owes for one enrolment (a course group's or the camp's). */
export interface InvoicesTable {
  id: Generated<number>;
  /** INV-2026-000001: gapless per year. */
  number: string;
  family_key: string;
  email: string;
  parent_name: string;
  user_id: number | null;
  lang: "en" | "ar";
  currency: string;
  offer_kind: "section" | "camp";
  enrolment_id: number | null;
  camp_enrolment_id: number | null;
  child_name: string;
  description_en: string;
  description_ar: string;
  total_minor: number;
  tax_minor: Generated<number>;
  tax_name: Generated<string>;
  /** Basis points: 1800 = 18 %. */
  tax_rate_bp: Generated<number>;
  tax_registration: Generated<string>;
  tax_inclusive: Generated<number>;
  status: Generated<InvoiceStatus>;
  issued_at: string;
  /** The academy's calendar day the invoice (or its last instalment) is due. */
  due_on: string;
  created_at: string;
  updated_at: string;
}

export interface InvoiceLinesTable {
  id: Generated<number>;
  invoice_id: number;
  position: number;
  kind: "price" | "discount" | "tax";
  label_en: string;
  label_ar: string;
  /** A price or tax positive, a discount negative. */
  amount_minor: number;
}

export interface InvoiceInstalmentsTable {
  id: Generated<number>;
  invoice_id: number;
  position: number;
  due_on: string;
  amount_minor: number;
  reminded_before_at: ColumnType<string | null, string | null | undefined, string | null>;
  reminded_overdue_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

export type CreditNoteKind = "refund" | "void" | "adjustment";
export interface CreditNotesTable {
  id: Generated<number>;
  /** CN-2026-000001: gapless per year. */
  number: string;
  invoice_id: number;
  family_key: string;
  currency: string;
  amount_minor: number;
  kind: CreditNoteKind;
  reason: Generated<string>;
  lang: "en" | "ar";
  created_by: number | null;
  created_at: string;
  /** Set when the online refund it stood for was refused by the provider (decision 092): it no longer counts. */
  cancelled_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export type PaymentMethod = "cash" | "bank_transfer" | "cheque" | "online";
export interface PaymentsTable {
  id: Generated<number>;
  invoice_id: number;
  family_key: string;
  currency: string;
  kind: "payment" | "refund";
  method: PaymentMethod;
  /** Always positive; the kind gives the direction. */
  amount_minor: number;
  provider: string | null;
  provider_ref: string | null;
  reference: Generated<string>;
  instalment_id: number | null;
  refund_of: number | null;
  credit_note_id: number | null;
  recorded_by: number | null;
  received_at: string;
  created_at: string;
  /** A refund waiting for the provider (`pending`), refused by it (`failed`); everything else `done` (decision 092). */
  refund_state: Generated<RefundState>;
}

export type RefundState = "pending" | "done" | "failed";
export type LedgerKind = "charge" | "discount" | "credit_note" | "payment" | "refund";
/** One change of what a family owes: a charge or refund positive; a discount, credit note or payment negative. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  family_key: string;
  currency: string;
  invoice_id: number;
  kind: LedgerKind;
  amount_minor: number;
  payment_id: number | null;
  credit_note_id: number | null;
  created_at: string;
}

/** A browser's Web Push subscription (issue 45, decision 131), owned by the guardian signed in when it was made. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  email: string;
  /** The push service's URL for this browser (unique: a browser signed in as someone else moves to them). */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), for the encrypted body (RFC 8291). */
  p256dh: string;
  auth: string;
  lang: ColumnType<"en" | "ar", "en" | "ar" | undefined, "en" | "ar">;
  created_at: string;
  updated_at: string;
}

/** A category of notification a guardian turned off (no row: on). */
export interface PushChoicesTable {
  id: Generated<number>;
  email: string;
  category: string;
  updated_at: string;
}

/** A guardian's role in a family (issue 45 item 3, decision 139); the primary guardian has no row. */
export type GuardianRole = "parent" | "payer" | "pickup" | "viewer";

/** An invitation to a family (pending: `user_id` null, the token's hash kept) or, once accepted, a guardian. */
export interface FamilyGuardiansTable {
  id: Generated<number>;
  /** The primary guardian: the account whose records are the family's. */
  family_user_id: number;
  user_id: number | null;
  email: string;
  role: GuardianRole;
  token_hash: string | null;
  /** Public reference for listing and removing: never the token or its hash. */
  ref: string;
  lang: "en" | "ar";
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

export type PushStatus = "queued" | "sent";

/** One notification per event and guardian (key UNIQUE); its texts in both languages, JSON. */
export interface PushNotificationsTable {
  id: Generated<number>;
  key: string;
  email: string;
  category: string;
  texts: string;
  status: ColumnType<PushStatus, PushStatus | undefined, PushStatus>;
  created_at: string;
  updated_at: string;
}

/** The messaging channel (issue 43, decision 127): a guardian's choices, keyed by e-mail (the family key). */
export interface MessagingPreferencesTable {
  id: Generated<number>;
  email: string;
  /** International digits without "+" (WhatsApp and SMS); empty: none given. */
  phone: ColumnType<string, string | undefined, string>;
  lang: ColumnType<"en" | "ar", "en" | "ar" | undefined, "en" | "ar">;
  whatsapp: ColumnType<number, number | undefined, number>;
  sms: ColumnType<number, number | undefined, number>;
  email_channel: ColumnType<number, number | undefined, number>;
  /** News and offers; service messages need no opt-in beyond the channel. */
  news: ColumnType<number, number | undefined, number>;
  /** When the guardian last wrote in (the 24-hour window). */
  last_inbound_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The staff member the family's thread is assigned to. */
  assigned_to: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: string;
}

/** Every consent choice as the guardian saw it: what, on or off, the text shown, when and from where. */
export interface MessagingConsentsTable {
  id: Generated<number>;
  email: string;
  /** "whatsapp" | "sms" | "email" | "news". */
  choice: string;
  granted: number;
  text: string;
  lang: "en" | "ar";
  /** "account" | "api" | "whatsapp" | "sms" (a STOP or START reply). */
  source: string;
  created_at: string;
}

export type MessageCategory = "service" | "news";
export type MessageChannel = "whatsapp" | "sms" | "email";
export type MessageStatus = "queued" | "held" | "sent" | "delivered" | "read" | "failed" | "skipped" | "dead" | "received";

export interface MessagingTemplatesTable {
  id: Generated<number>;
  key: string;
  category: MessageCategory;
  /** Sent during quiet hours and past the daily cap (a class cancelled today). */
  urgent: ColumnType<number, number | undefined, number>;
  /** Text with named parameters, {{name}}. */
  body_en: string;
  body_ar: string;
  /** The template's name as approved by Meta (empty: no WhatsApp template). */
  wa_name: ColumnType<string, string | undefined, string>;
  wa_language_en: ColumnType<string, string | undefined, string>;
  wa_language_ar: ColumnType<string, string | undefined, string>;
  wa_category: ColumnType<"utility" | "marketing", "utility" | "marketing" | undefined, "utility" | "marketing">;
  wa_approved: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

export interface MessagesTable {
  id: Generated<number>;
  /** One row per event and guardian ("invoice-issued:42:parent@example.com"), or per provider id for incoming ones. */
  key: string;
  direction: "out" | "in";
  email: string;
  template: ColumnType<string, string | undefined, string>;
  /** JSON text: the template's named parameters. */
  params: ColumnType<string, string | undefined, string>;
  category: MessageCategory;
  urgent: ColumnType<number, number | undefined, number>;
  /** The text as sent or received. */
  body: ColumnType<string, string | undefined, string>;
  channel: MessageChannel | null;
  status: MessageStatus;
  provider_id: string | null;
  /** How many times it moved to the next channel (WhatsApp → SMS → e-mail). */
  fallbacks: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  sent_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** The broadcast this message is one guardian's copy of (decision 134). */
  broadcast_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
  updated_at: string;
}

export type BroadcastAudience = "section" | "course" | "camp" | "all";
export type BroadcastStatus = "scheduled" | "sent" | "cancelled";

/** Staff's message to a group, a course, a camp period or all families (decision 134). */
export interface MessagingBroadcastsTable {
  id: Generated<number>;
  /** The form's idempotency key: the same broadcast posted twice is stored once. */
  key: string;
  audience: BroadcastAudience;
  /** The group's, course's or camp's id; null for all families. */
  audience_id: number | null;
  /** A camp period's batch (the camp enrolment's session); empty otherwise. */
  audience_session: ColumnType<string, string | undefined, string>;
  category: MessageCategory;
  body_en: string;
  body_ar: string;
  /** When it goes (UTC ISO); the creation time for "now". */
  send_at: string;
  status: BroadcastStatus;
  /** Guardians it was queued for, once sent. */
  recipients: ColumnType<number, number | undefined, number>;
  /** The estimated cost in minor units of `estimate_currency` (at creation, then at sending). */
  estimate_minor: ColumnType<number, number | undefined, number>;
  estimate_currency: ColumnType<string, string | undefined, string>;
  created_by: number | null;
  sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export type AutomationOutcome = "sent" | "throttled" | "no_consent" | "no_channel";

/** One automation's settings as staff saved them (decision 140); an automation without a row runs on its defaults. */
export interface MessagingAutomationsTable {
  key: string;
  enabled: number;
  /** N: days after the demo, days overdue (unused by the event-driven ones). */
  days: number;
  /** At most one message per family per this many days. */
  throttle_days: number;
  updated_by: number | null;
  updated_at: string;
}

/** The audit trail: each event an automation handled, once (automation, event UNIQUE), and what came of it. */
export interface MessagingAutomationEventsTable {
  id: Generated<number>;
  automation: string;
  /** "booking:12", "invoice:7", "slot-offer:3:<end>", "attendance:41". */
  event: string;
  /** The booking, invoice, waitlist entry or attendance mark. */
  subject_id: number;
  email: string;
  outcome: AutomationOutcome;
  message_id: number | null;
  created_at: string;
}

/** The family's last message from an automation: the throttle's claim (decision 140). */
export interface MessagingAutomationThrottleTable {
  automation: string;
  email: string;
  last_at: string;
}

export interface Database extends ContentTables {
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  invoice_instalments: InvoiceInstalmentsTable;
  credit_notes: CreditNotesTable;
  payments: PaymentsTable;
  ledger_entries: LedgerEntriesTable;
  consent_forms: ConsentFormsTable;
  consent_versions: ConsentVersionsTable;
  consent_answers: ConsentAnswersTable;
  consent_pickups: ConsentPickupsTable;
  consent_links: ConsentLinksTable;
  camp_checkouts: CampCheckoutsTable;
  promo_codes: PromoCodesTable;
  promo_family_uses: PromoFamilyUsesTable;
  promo_redemptions: PromoRedemptionsTable;
  blog_slug_redirects: BlogSlugRedirectsTable;
  audit_log: AuditLogTable;
  staff_seen: StaffSeenTable;
  staff_invites: StaffInvitesTable;
  content_drafts: ContentDraftsTable;
  /** Staff-edited page texts: no uploads in them, so not a content table the media checks walk. */
  page_sections: PageSectionsTable;
  content_revisions: ContentRevisionsTable;
  camp_enrolments: CampEnrolmentsTable;
  brochure_leads: BrochureLeadsTable;
  demo_slots: DemoSlotsTable;
  demo_bookings: DemoBookingsTable;
  course_sections: CourseSectionsTable;
  section_meetings: SectionMeetingsTable;
  section_enrolments: SectionEnrolmentsTable;
  section_waitlist: SectionWaitlistTable;
  meeting_attendance: MeetingAttendanceTable;
  payment_checkouts: PaymentCheckoutsTable;
  payment_events: PaymentEventsTable;
  payment_notices: PaymentNoticesTable;
  meeting_absences: MeetingAbsencesTable;
  makeup_credits: MakeupCreditsTable;
  meeting_reminders: MeetingRemindersTable;
  certificates: CertificatesTable;
  calendar_feeds: CalendarFeedsTable;
  account_children: AccountChildrenTable;
  slot_waitlist: SlotWaitlistTable;
  school_enquiries: SchoolEnquiriesTable;
  users: UsersTable;
  sessions: SessionsTable;
  passkeys: PasskeysTable;
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  auth_steps: AuthStepsTable;
  jobs: JobsTable;
  unreferenced_uploads: UnreferencedUploadsTable;
  media: MediaTable;
  password_resets: PasswordResetsTable;
  admin_setup_tokens: AdminSetupTokensTable;
  rate_limits: RateLimitsTable;
  data_versions: DataVersionsTable;
  contact_messages: ContactMessagesTable;
  messaging_preferences: MessagingPreferencesTable;
  messaging_consents: MessagingConsentsTable;
  messaging_templates: MessagingTemplatesTable;
  messages: MessagesTable;
  messaging_broadcasts: MessagingBroadcastsTable;
  messaging_automations: MessagingAutomationsTable;
  messaging_automation_events: MessagingAutomationEventsTable;
  messaging_automation_throttle: MessagingAutomationThrottleTable;
  course_levels: CourseLevelsTable;
  level_skills: LevelSkillsTable;
  skill_marks: SkillMarksTable;
  level_completions: LevelCompletionsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_choices: PushChoicesTable;
  push_notifications: PushNotificationsTable;
  portfolio_projects: PortfolioProjectsTable;
  portfolio_photos: PortfolioPhotosTable;
  portfolio_photo_children: PortfolioPhotoChildrenTable;
  progress_reports: ProgressReportsTable;
  progress_report_versions: ProgressReportVersionsTable;
  family_guardians: FamilyGuardiansTable;
  class_pickups: ClassPickupsTable;
  pickup_photos: PickupPhotosTable;
  late_pickup_alerts: LatePickupAlertsTable;
}

/** One level of a course's ladder (issue 44, decision 130); `section_id`: the group teaching it now, proposed to those completing the level before. */
export interface CourseLevelsTable {
  id: Generated<number>;
  course_id: number;
  position: number;
  name_en: string;
  name_ar: string;
  section_id: number | null;
  created_at: string;
  updated_at: string;
}

/** An observable skill of a level. */
export interface LevelSkillsTable {
  id: Generated<number>;
  level_id: number;
  position: number;
  name_en: string;
  name_ar: string;
  created_at: string;
  updated_at: string;
}

export type SkillStatus = "not_started" | "working" | "achieved";

/** A child's mark on one skill: the child is the family's e-mail and the child's key (one row per child and skill). */
export interface SkillMarksTable {
  id: Generated<number>;
  skill_id: number;
  family_email: string;
  child_key: string;
  status: SkillStatus;
  /** The enrolment it was marked from (the group's roster). */
  enrolment_id: number | null;
  marked_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A level a child completed (every skill achieved): one row per child and level, the certificate's and the proposal's guard. */
export interface LevelCompletionsTable {
  id: Generated<number>;
  level_id: number;
  family_email: string;
  child_key: string;
  child_name: string;
  enrolment_id: number | null;
  /** The next level's group proposed to the family, when the ladder names one. */
  proposed_section_id: number | null;
  completed_by: number | null;
  created_at: string;
}

/** A child's project (issue 44 item 2, decision 135): the child is the family's e-mail and the child's key. */
export interface PortfolioProjectsTable {
  id: Generated<number>;
  family_email: string;
  child_key: string;
  child_name: string;
  /** The enrolment (and group) it was added from; null once erased or for a family's own project. */
  enrolment_id: number | null;
  section_id: number | null;
  title: string;
  note: string;
  /** An http(s) link to the work ("" when none). */
  link: string;
  /** 1: the family shows it on the public site (its photos only when cleared by consent). */
  public: ColumnType<number, number | undefined, number>;
  /** 1: added by the family (the staff setting familyPortfolioUploads). */
  by_family: ColumnType<number, number | undefined, number>;
  added_by: number | null;
  created_at: string;
  updated_at: string;
}

/** One photo of a project: an upload of the media pipeline (its 24-hex name) in the private portfolio storage. */
export interface PortfolioPhotosTable {
  id: Generated<number>;
  project_id: number;
  upload: string;
  /** The stored copies' widths, comma-separated ("320,640,1280"). */
  widths: string;
  width: number;
  height: number;
  /** A photo, or a short video (decision 144: one MP4, `{upload}.mp4`, `widths` empty). */
  kind: ColumnType<"photo" | "video", "photo" | "video" | undefined, "photo" | "video">;
  /** A video's size in bytes and length in milliseconds (0 for a photo). */
  bytes: ColumnType<number, number | undefined, number>;
  duration_ms: ColumnType<number, number | undefined, number>;
  created_at: string;
}

/** A child staff marked as in a photo (the family's e-mail and child key; "" after the family's erasure). */
export interface PortfolioPhotoChildrenTable {
  id: Generated<number>;
  photo_id: number;
  family_email: string;
  child_key: string;
}

/** A child's termly progress report in one group (issue 44 item 3, decision 138): one row per enrolment. */
/** Every issued version of a progress report (decision 144): the family opens earlier ones, an earlier link keeps answering. */
export interface ProgressReportVersionsTable {
  id: Generated<number>;
  report_id: number;
  version: number;
  lang: "en" | "ar";
  content: string;
  issued_at: string;
  issued_by: number | null;
}

export interface ProgressReportsTable {
  id: Generated<number>;
  enrolment_id: number;
  section_id: number;
  /** The instructor's comment and the next step, free text ("" when none). */
  comment: ColumnType<string, string | undefined, string>;
  next_step: ColumnType<string, string | undefined, string>;
  notes_by: number | null;
  /** 0 until issued; each issue with changed content adds one. */
  version: ColumnType<number, number | undefined, number>;
  /** The language it was issued in (the family's), the figures as issued (JSON), when and by whom. */
  lang: "en" | "ar" | null;
  content: string | null;
  issued_at: string | null;
  issued_by: number | null;
  created_at: string;
  updated_at: string;
}
