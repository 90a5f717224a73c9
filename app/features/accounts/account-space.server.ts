import { randomBytes } from "node:crypto";
import { recordAudit } from "~server/audit/audit";
import type { DB } from "~server/db/db";
import type { DemoBookingStatus, SubmissionStatus } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { hashPassword, passwordMatches } from "~server/security/passwords";
import { endAllSessions } from "~server/security/session";
import { calendarFeedSettings, endCalendarFeeds } from "~server/security/calendar-feeds";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";
import { cancelBookingsOnErasure, eraseBookings, eraseWaitlistPlaces, leaveSlotLines } from "~/features/booking/erase.server";
import { linkToken } from "~/features/booking/link-tokens.server";
import { sectionWaitlistLink } from "~/features/sections/links.server";
import { cancelPath, reschedulePath, waitlistAcceptPath, waitlistPath } from "~/features/booking/paths";
import { positionOf } from "~/features/booking/waitlist.server";
import { formatDateLabel, formatTimeLabel, formatZoneLabel } from "~/kernel/slot-format";
import { forgetChildren, listChildren, type SavedChild, savedChildrenOf } from "~/features/family/children.server";
import { eraseFamilyMailJobs } from "./erase-queued-mail.server";
import { ownAccount } from "./queries.server";
import { childRefsOf, eraseLevelRecords } from "~/features/levels/family-levels.server";
import { erasePortfolio } from "~/features/portfolio/portfolio.server";
import { eraseProgressReports, familyReports } from "~/features/progress/progress.server";
import type { MediaStorage } from "~server/storage/storage";
import { ownerOf, type Owner } from "~/features/family/account-owner.server";
import { leaveFamilyOnDelete } from "~/features/guardians/guardians.server";
import { positionIn } from "~/features/booking/waitlist-offers.server";
import { sectionWaitlistPath } from "~/features/sections/paths";
import { eraseSectionWaitlistPlaces, leaveSectionLinesOnErasure, SECTION_LINE } from "~/features/sections/section-waitlist.server";
import { eraseBrochureLeads } from "~/features/camp/enrol.server";
import { eraseContactMessages } from "~/features/contact/contact.server";
import { eraseMakeups, makeupsExport } from "~/features/makeups/family-makeups-data.server";
import { consentExport, eraseConsent } from "~/features/consent/consent-account.server";
import { checkoutsForExport } from "~/features/consent/queries.server";
import { certificatesOfEnrolments, displayCode, eraseCertificatesOf, verifyPath, type CertificateRow } from "~/features/certificates/certificates.server";
import { formatIssuedOn } from "~/features/certificates/certificate-format";
import { billingExport, campEnrolmentsInvoicedTo, invoicesKept } from "~/features/billing/index.server";
import { erase as eraseEnrolments } from "~/features/enrolments/enrolments.server";
import { ownedCampEnrolments, ownedEnrolmentsForAccount } from "~/features/enrolments/queries.server";
import { ownedWaitlistPlaces } from "~/features/sections/queries.server";
import { ownedBookings, waitlistPlacesByEmail } from "~/features/booking/queries.server";
import { attendanceMarksOf } from "~/features/teaching/queries.server";
import { brochureLeadsByEmail } from "~/features/camp/queries.server";
import { messagesByEmail } from "~/features/contact/queries.server";

/**
 * The parent's own space (issue 17, decision 026): the records that are the account's (ownedBy,
 * app/features/family/account-owner.server.ts).
 */
type AccountRow = Awaited<ReturnType<typeof ownAccount>>;

export interface AccountProfile {
  username: string;
  email: string;
  contactNumber: string;
  emailVerified: boolean;
  hasPassword: boolean;
  googleLinked: boolean;
  createdAt: string;
}

export interface AccountBooking {
  reference: string;
  status: DemoBookingStatus;
  courseName: string;
  courseSlug: string | null;
  childName: string;
  startsAt: string;
  dateLabel: string;
  timeLabel: string;
  zoneLabel: string;
  upcoming: boolean;
  /** The booking's cancel page (the e-mail's link) while it can still be cancelled, else null. */
  cancelUrl: string | null;
  /** The page that moves it to another time (the e-mail's link), under the same condition. */
  rescheduleUrl: string | null;
}

export interface AccountCampEnrolment {
  reference: string | null;
  campTitle: string;
  studentName: string;
  session: string;
  status: SubmissionStatus;
  createdAt: string;
}

export interface AccountBrochureRequest {
  studentName: string;
  grade: string;
  school: string;
  status: SubmissionStatus;
  createdAt: string;
}

/** A place in a demo time's or a course group's line that is still open (waiting, or a seat held for the parent). */
export interface AccountWaitlistPlace {
  /** A demo time's line (decision 032) or a course group's (decision 066); a group's date is its first class. */
  kind: "demo" | "group";
  status: "waiting" | "offered";
  courseName: string;
  childName: string;
  dateLabel: string;
  timeLabel: string;
  zoneLabel: string;
  /** Place in line while waiting (1 = next), else null. */
  position: number | null;
  /** The held seat's end (academy date, time and zone) while offered, else null. */
  offerExpiresLabel: string | null;
  /** The entry's page (place in line, leave): the leave form posts there, as the e-mail's page does. */
  pageUrl: string;
  /** The offer e-mail's link, while offered (a group's offer is accepted on its page). */
  acceptUrl: string | null;
  /** The entry's token, posted by the leave form (the key the e-mail carries). */
  token: string;
}

/** A child's certificate of completion (issue 30, decision 080), issued or revoked by staff or the group's instructor. */
export interface AccountCertificate {
  id: number;
  code: string;
  childName: string;
  courseName: string;
  issuedLabel: string;
  /** The revocation's academy date, else null (a revoked certificate cannot be downloaded). */
  revokedLabel: string | null;
  /** Its public verification page. */
  verifyUrl: string;
  /** The PDF, while it is valid. */
  pdfUrl: string | null;
}

export interface AccountOverview {
  profile: AccountProfile;
  bookings: { upcoming: AccountBooking[]; past: AccountBooking[] };
  enrollments: AccountCampEnrolment[];
  brochureRequests: AccountBrochureRequest[];
  /** Current waitlist places: demo times' (decision 032) in class order, then course groups' (decision 066). */
  waitlist: AccountWaitlistPlace[];
  /** Children the parent saved to fill in booking forms (decision 033). */
  children: SavedChild[];
  /** Certificates of completion of the account's enrolments, newest first. */
  certificates: AccountCertificate[];
}

const profileOf = (row: AccountRow): AccountProfile => ({
  username: row.username,
  email: row.email,
  contactNumber: row.contact_number,
  emailVerified: row.email_verified_at !== null,
  hasPassword: row.has_password,
  googleLinked: row.google_linked,
  createdAt: row.created_at,
});

/** The signed-in account's own profile, whatever its role in a family (decision 139). */
export async function ownProfile(db: DB, userId: number): Promise<AccountProfile> {
  return profileOf(await ownAccount(db, userId));
}

const bookingRows = (db: DB, owner: Owner) => ownedBookings(db, owner);

const campEnrolmentRows = (db: DB, owner: Owner) => ownedCampEnrolments(db, owner);

async function brochureRows(db: DB, owner: Owner) {
  return owner.provenEmail ? brochureLeadsByEmail(db, owner.provenEmail) : [];
}

/** Waitlist places sent with the account's proven e-mail (an entry carries no account id). */
async function waitlistRows(db: DB, owner: Owner) {
  return owner.provenEmail ? waitlistPlacesByEmail(db, owner.provenEmail) : [];
}

/** Course-section enrolments (issue 29): by the account's id, or its proven e-mail, as demo bookings. */
const sectionEnrolmentRows = (db: DB, owner: Owner) => ownedEnrolmentsForAccount(db, owner);

/** Places in a course section's line (decision 066): by the account's id, or its proven e-mail. */
const sectionWaitlistRows = (db: DB, owner: Owner) => ownedWaitlistPlaces(db, owner);

async function contactRows(db: DB, owner: Owner) {
  return owner.provenEmail ? messagesByEmail(db, owner.provenEmail) : [];
}

/**
 * What /account shows: the profile and the account's bookings, enrolments and brochure requests.
 * `linkSecret` (SESSION_SECRET) rebuilds the cancel, reschedule and waitlist links, which the
 * database no longer holds (decision 044).
 */
export async function accountOverview(db: DB, userId: number, timeZone: string, lang: Lang, linkSecret: string): Promise<AccountOverview> {
  const owner = await ownerOf(db, userId);
  const now = nowIso();
  const bookings = (await bookingRows(db, owner)).map((row): AccountBooking => {
    const upcoming = row.starts_at > now;
    const link = linkToken(linkSecret, "booking", row);
    return {
      reference: row.reference,
      status: row.status,
      courseName: row.name_en != null && row.name_ar != null ? pick({ name_en: row.name_en, name_ar: row.name_ar }, "name", lang) : row.course_name,
      courseSlug: row.slug,
      childName: row.child_name,
      startsAt: row.starts_at,
      dateLabel: formatDateLabel(row.starts_at, timeZone, lang),
      timeLabel: formatTimeLabel(row.starts_at, timeZone, lang),
      zoneLabel: formatZoneLabel(row.starts_at, timeZone, lang),
      upcoming,
      cancelUrl: upcoming && row.status === "booked" ? cancelPath(link, lang) : null,
      rescheduleUrl: upcoming && row.status === "booked" ? reschedulePath(link, lang) : null,
    };
  });
  return {
    profile: profileOf(owner.row),
    bookings: { upcoming: bookings.filter((b) => b.upcoming), past: bookings.filter((b) => !b.upcoming).reverse() },
    enrollments: (await campEnrolmentRows(db, owner)).map((row) => ({
      reference: row.reference,
      campTitle: row.title_en != null && row.title_ar != null ? pick({ title_en: row.title_en, title_ar: row.title_ar }, "title", lang) : row.camp_title,
      studentName: row.student_name,
      session: row.session,
      status: row.status,
      createdAt: row.created_at,
    })),
    brochureRequests: (await brochureRows(db, owner)).map((row) => ({
      studentName: row.student_name,
      grade: row.grade,
      school: row.school,
      status: row.status,
      createdAt: row.created_at,
    })),
    waitlist: await waitlistPlaces(db, owner, timeZone, lang, now, linkSecret),
    children: await listChildren(db, userId),
    certificates: (await ownCertificates(db, owner)).map((row) => ({
      id: row.id,
      code: displayCode(row.code),
      childName: row.child_name,
      courseName: pick({ name_en: row.course_en, name_ar: row.course_ar }, "name", lang),
      issuedLabel: formatIssuedOn(row.issued_on, lang),
      revokedLabel: row.revoked_at ? formatDateLabel(row.revoked_at, timeZone, lang) : null,
      verifyUrl: verifyPath(row.code, lang),
      pdfUrl: row.revoked_at ? null : accountCertificatePdfPath(row.id),
    })),
  };
}

/** The account's PDF download of one of its certificates. */
export const accountCertificatePdfPath = (id: number) => `/api/account/certificates/${id}/pdf`;

/** Certificates of the enrolments the account holds (ownedBy: its id, or its proven e-mail), course groups' and the camp's (decision 089). */
async function ownCertificates(db: DB, owner: Owner): Promise<CertificateRow[]> {
  return certificatesOfEnrolments(
    db,
    (await sectionEnrolmentRows(db, owner)).map((e) => e.id),
    (await campEnrolmentRows(db, owner)).map((e) => e.id),
  );
}

/** One of the account's certificates by id, or undefined when it is not the account's. */
export async function accountCertificate(db: DB, userId: number, id: number): Promise<CertificateRow | undefined> {
  return (await ownCertificates(db, await ownerOf(db, userId))).find((c) => c.id === id);
}

async function waitlistPlaces(db: DB, owner: Owner, timeZone: string, lang: Lang, now: string, linkSecret: string): Promise<AccountWaitlistPlace[]> {
  const places: AccountWaitlistPlace[] = [];
  for (const row of await waitlistRows(db, owner)) {
    if ((row.status !== "waiting" && row.status !== "offered") || row.starts_at <= now) continue;
    const token = linkToken(linkSecret, "waitlist", row);
    const at = (iso: string) => `${formatDateLabel(iso, timeZone, lang)} ${formatTimeLabel(iso, timeZone, lang)} ${formatZoneLabel(iso, timeZone, lang)}`;
    places.push({
      kind: "demo",
      status: row.status,
      courseName: row.name_en != null && row.name_ar != null ? pick({ name_en: row.name_en, name_ar: row.name_ar }, "name", lang) : "",
      childName: row.child_name,
      dateLabel: formatDateLabel(row.starts_at, timeZone, lang),
      timeLabel: formatTimeLabel(row.starts_at, timeZone, lang),
      zoneLabel: formatZoneLabel(row.starts_at, timeZone, lang),
      position: row.status === "waiting" ? await positionOf(db, row.slot_id, row.id) : null,
      offerExpiresLabel: row.status === "offered" && row.offer_expires_at ? at(row.offer_expires_at) : null,
      pageUrl: waitlistPath(token, lang),
      acceptUrl: row.status === "offered" ? waitlistAcceptPath(token, lang) : null,
      token,
    });
  }
  for (const row of await sectionWaitlistRows(db, owner)) {
    if ((row.status !== "waiting" && row.status !== "offered") || row.starts_at <= now) continue;
    // The token the join answer and the offer e-mail carry (section-waitlist.server.ts).
    const token = sectionWaitlistLink.token(linkSecret, row);
    const pageUrl = sectionWaitlistPath(token, lang);
    const at = (iso: string) => `${formatDateLabel(iso, timeZone, lang)} ${formatTimeLabel(iso, timeZone, lang)} ${formatZoneLabel(iso, timeZone, lang)}`;
    places.push({
      kind: "group",
      status: row.status,
      courseName: row.name_en != null && row.name_ar != null ? pick({ name_en: row.name_en, name_ar: row.name_ar }, "name", lang) : "",
      childName: row.child_name,
      dateLabel: formatDateLabel(row.starts_at, timeZone, lang),
      timeLabel: formatTimeLabel(row.starts_at, timeZone, lang),
      zoneLabel: formatZoneLabel(row.starts_at, timeZone, lang),
      position: row.status === "waiting" ? await positionIn(db, SECTION_LINE, row.section_id, row.id) : null,
      offerExpiresLabel: row.status === "offered" && row.offer_expires_at ? at(row.offer_expires_at) : null,
      pageUrl,
      acceptUrl: row.status === "offered" ? pageUrl : null,
      token,
    });
  }
  return places;
}

/**
 * "Download my data": everything held about the account, as stored (no password hash, no session
 * or reset tokens, no staff notes about the family).
 */
/** Attendance marks of these group enrolments and check-outs of these camp enrolments, for the data export. */
async function attendanceExport(db: DB, enrolmentIds: number[], campEnrolmentIds: number[]) {
  const marks = enrolmentIds.length ? await attendanceMarksOf(db, enrolmentIds) : [];
  const checkouts = campEnrolmentIds.length ? await checkoutsForExport(db, campEnrolmentIds) : [];
  return {
    attendanceMarks: marks.map((m) => ({ childName: m.child_name, classStartsAt: m.starts_at, status: m.status, note: m.note, markedAt: m.updated_at })),
    campCheckouts: checkouts.map((k) => ({
      childName: k.student_name,
      camp: k.camp_title,
      session: k.session,
      day: k.day,
      collectedBy: k.collected_by,
      recordedAt: k.created_at,
    })),
  };
}

export async function accountExport(db: DB, userId: number) {
  const owner = await ownerOf(db, userId);
  const bookings = await bookingRows(db, owner);
  const sectionEnrolments = await sectionEnrolmentRows(db, owner);
  return {
    exportedAt: nowIso(),
    profile: { ...profileOf(owner.row), role: owner.row.role, updatedAt: owner.row.updated_at },
    demoBookings: bookings.map((b) => ({
      reference: b.reference,
      code: b.code,
      status: b.status,
      course: b.course_name,
      startsAt: b.starts_at,
      durationMinutes: b.duration_minutes,
      mode: b.mode,
      childName: b.child_name,
      childAge: b.child_age,
      parentName: b.parent_name,
      email: b.email,
      phone: b.phone,
      language: b.lang,
      createdAt: b.created_at,
    })),
    // The children's attendance: marks at their groups' classes, and the camp's check-outs (decision 089).
    ...(await attendanceExport(
      db,
      sectionEnrolments.map((e) => e.id),
      (await campEnrolmentRows(db, owner)).map((e) => e.id),
    )),
    campEnrollments: (await campEnrolmentRows(db, owner)).map((e) => ({
      reference: e.reference,
      camp: e.camp_title,
      session: e.session,
      studentName: e.student_name,
      parentName: e.parent_name,
      email: e.email,
      phoneNumber: e.phone_number,
      message: e.message,
      status: e.status,
      language: e.lang,
      createdAt: e.created_at,
    })),
    brochureRequests: (await brochureRows(db, owner)).map((l) => ({
      studentName: l.student_name,
      studentEmail: l.student_email,
      grade: l.grade,
      school: l.school,
      parentContact: l.parent_contact,
      status: l.status,
      language: l.lang,
      createdAt: l.created_at,
    })),
    waitlistPlaces: (await waitlistRows(db, owner)).map((w) => ({
      status: w.status,
      course: w.name_en ?? "",
      startsAt: w.starts_at,
      mode: w.mode,
      childName: w.child_name,
      childAge: w.child_age,
      parentName: w.parent_name,
      email: w.email,
      phone: w.phone,
      language: w.lang,
      offerExpiresAt: w.offer_expires_at,
      createdAt: w.created_at,
    })),
    // Absences reported and make-up credits (decision 076), by the enrolments above.
    ...(await makeupsExport(
      db,
      sectionEnrolments.map((e) => e.id),
    )),
    sectionEnrolments: sectionEnrolments.map((e) => ({
      reference: e.reference,
      code: e.code,
      status: e.status,
      source: e.source,
      course: e.name_en ?? "",
      startsAt: e.starts_at,
      endsAt: e.ends_at,
      childName: e.child_name,
      childAge: e.child_age,
      parentName: e.parent_name,
      email: e.email,
      phone: e.phone,
      language: e.lang,
      movedAt: e.moved_at,
      dropReason: e.drop_reason,
      createdAt: e.created_at,
    })),
    certificates: (await ownCertificates(db, owner)).map((c) => ({
      code: displayCode(c.code),
      kind: c.kind,
      childName: c.child_name,
      course: c.course_en,
      language: c.lang,
      issuedOn: c.issued_on,
      attendanceRate: c.rate,
      revokedAt: c.revoked_at,
      createdAt: c.created_at,
    })),
    // Termly progress reports as issued (decision 138): the figures and texts the PDF draws.
    progressReports: (await familyReports(db, userId)).map((r) => ({ version: r.version, language: r.lang, issuedAt: r.issuedAt, ...r.content })),
    sectionWaitlistPlaces: (await sectionWaitlistRows(db, owner)).map((w) => ({
      status: w.status,
      course: w.name_en ?? "",
      startsAt: w.starts_at,
      childName: w.child_name,
      childAge: w.child_age,
      parentName: w.parent_name,
      email: w.email,
      phone: w.phone,
      language: w.lang,
      offerExpiresAt: w.offer_expires_at,
      createdAt: w.created_at,
    })),
    // The feed's settings only: never its seed or token hash (either would rebuild or match the secret URL).
    calendarFeeds: (await calendarFeedSettings(db, userId)).map((f) => ({
      language: f.lang,
      createdAt: f.created_at,
    })),
    contactMessages: (await contactRows(db, owner)).map((m) => ({ email: m.email, message: m.description, status: m.status, createdAt: m.created_at })),
    // Consent answers (decision 078): the forms' versions, signer, language, time, pickup people (never a PIN).
    consentAnswers: await consentExport(db, owner),
    // Invoices with their lines, payments and refunds, credit notes (decision 093).
    ...(await billingExport(db, userId)),
    savedChildren: (await savedChildrenOf(db, userId)).map((c) => ({ name: c.name, age: c.age, createdAt: c.created_at, updatedAt: c.updated_at })),
  };
}

export async function updateProfile(db: DB, userId: number, input: { username: string; contactNumber: string }): Promise<void> {
  await db.updateTable("users").set({ username: input.username, contact_number: input.contactNumber, updated_at: nowIso() }).where("id", "=", userId).execute();
}

/**
 * Sets a new password when the current one matches, and ends every session of the account
 * (decision 013: whoever held another session loses it); the caller signs this one in again.
 */
export async function changePassword(db: DB, userId: number, current: string, next: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow();
  if (!(await passwordMatches(row.password_hash, current))) return false;
  const hash = await hashPassword(next);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash: hash, updated_at: nowIso() }).where("id", "=", userId).execute();
    await endAllSessions(trx, userId);
  });
  return true;
}

/** What replaces personal fields of records kept for the academy's counts (decision 026). */
export const ERASED = "[erased]";

export interface DeletionSummary {
  bookingsCancelled: number;
  bookingsErased: number;
  enrollmentsErased: number;
  brochureRequestsErased: number;
  contactMessagesErased: number;
  /** Waitlist places the account left (an open offer's seat passed on to the next parent). */
  waitlistPlacesLeft: number;
  waitlistPlacesErased: number;
  /** Course-section enrolments whose term had not begun, cancelled (the seat passed on to the line). */
  sectionEnrolmentsCancelled: number;
  sectionEnrolmentsErased: number;
  /** Make-up classes still ahead, cancelled (their places given back); absences whose reasons were erased (decision 076). */
  makeupsCancelled: number;
  absencesErased: number;
  /** Certificates of those enrolments: name and link gone, the public page says so (decision 080). */
  certificatesErased: number;
  sectionWaitlistPlacesLeft: number;
  sectionWaitlistPlacesErased: number;
  calendarFeedsDeleted: number;
  savedChildrenDeleted: number;
  /** Consent answers (with their pickup people) deleted. */
  consentAnswersDeleted: number;
  /** The children's portfolio projects deleted, with their photos (decision 135). */
  portfolioProjectsDeleted: number;
  /** Invoices kept as issued: financial records the academy must keep (decision 093); their link to the account is cleared. */
  invoicesKept: number;
  /** Queued mails to the family deleted, and other mails (sent, or to staff) with the family's e-mails and names blanked (issue 39). */
  mailJobsDeleted: number;
  mailJobsBlanked: number;
}

/**
 * Deletes an account, in one transaction: its future live bookings are cancelled (seats freed),
 * the personal fields of every record that is the account's are replaced by neutral values, its
 * sessions, reset links and the account itself are deleted, and the audit log notes it with
 * counts only (no name, no e-mail).
 */
export async function deleteAccount(db: DB, userId: number, files?: Pick<MediaStorage, "remove">): Promise<DeletionSummary> {
  // One neutral e-mail per deletion: the bookings' unique (slot, e-mail) index stays satisfied
  // and nothing in it points at the person.
  const erasedEmail = `erased-${randomBytes(6).toString("hex")}@erased.invalid`;
  // The portfolio photos' stored copies, removed once the erasure has committed (decision 135).
  let portfolioFiles: string[] = [];
  const summary = await db.transaction().execute(async (trx) => {
    const tx: DB = trx;
    // A guardian's records made for the family pass to its primary first: they are not the guardian's to erase (decision 139).
    await leaveFamilyOnDelete(trx, userId);
    const owner = await ownerOf(tx, userId);
    const now = nowIso();
    // Before anything is erased (the records' e-mails and names are what it looks for): the mail queue's copies (issue 39).
    const mailJobs = await eraseFamilyMailJobs(tx, owner, { text: ERASED, email: erasedEmail });
    // First, while the enrolments still carry the e-mail that finds them: the children's consent answers go.
    const consentAnswersDeleted = await eraseConsent(tx, owner);
    const invoices = await invoicesKept(tx, userId);
    const bookings = await bookingRows(tx, owner);
    // Each record is erased by the feature that owns its table (decision 145).
    const erasedAs = { erased: ERASED, email: erasedEmail, now };
    const bookingsCancelled = await cancelBookingsOnErasure(trx, bookings, now);
    const bookingIds = bookings.map((b) => b.id);
    await eraseBookings(trx, bookingIds, erasedAs);
    // Camp enrolments by the proven e-mail, and those made signed in (their invoice carries the account, issue 38 item 6).
    const campIds = [...new Set([...(await campEnrolmentRows(tx, owner)).map((e) => e.id), ...(await campEnrolmentsInvoicedTo(tx, userId))])];
    const leads = (await brochureRows(tx, owner)).map((l) => l.id);
    await eraseBrochureLeads(trx, leads, erasedAs);
    const messages = (await contactRows(tx, owner)).map((m) => m.id);
    await eraseContactMessages(trx, messages, erasedAs);
    // Waitlist places: the account leaves every line it is in (all first, then each held seat is
    // passed on, slots in id order as the expiry sweep does), then every place is erased.
    const places = await waitlistRows(tx, owner);
    const waitlistPlacesLeft = await leaveSlotLines(
      tx,
      places.filter((w) => w.status === "waiting" || w.status === "offered").map((w) => w.id),
      now,
    );
    const placeIds = places.map((w) => w.id);
    await eraseWaitlistPlaces(trx, placeIds, erasedAs);
    // Enrolments, course and camp, through the enrolments feature's erase (decision 100): a live
    // course enrolment whose term has not begun is cancelled (its seat passed on to the line), what
    // is still owed is voided (no reminder goes out), then every one loses its personal data.
    const enrolments = await sectionEnrolmentRows(tx, owner);
    const enrolmentIds = enrolments.map((e) => e.id);
    const makeups = await eraseMakeups(tx, enrolmentIds, now);
    // The children as their skill records know them, before the enrolments lose the e-mail (decision 130).
    const levelChildren = await childRefsOf(tx, enrolmentIds);
    const { cancelled: sectionEnrolmentsCancelled } = await eraseEnrolments(trx, { sectionIds: enrolmentIds, campIds }, erasedAs);
    const certificatesErased = await eraseCertificatesOf(tx, enrolmentIds, now, campIds);
    await eraseLevelRecords(tx, levelChildren);
    const portfolio = await erasePortfolio(tx, levelChildren);
    portfolioFiles = portfolio.files;
    // The children's progress reports (decision 138): a queued report mail then renders nothing.
    await eraseProgressReports(tx, enrolmentIds);
    // Places in the sections' lines: left (a held seat passed on), then erased, as the demo lines'.
    const sectionPlaces = await sectionWaitlistRows(tx, owner);
    const sectionWaitlistPlacesLeft = await leaveSectionLinesOnErasure(trx, sectionPlaces, now);
    const sectionPlaceIds = sectionPlaces.map((w) => w.id);
    await eraseSectionWaitlistPlaces(trx, sectionPlaceIds, erasedAs);
    const feedsEnded = await endCalendarFeeds(trx, userId);
    await endAllSessions(trx, userId);
    await trx.deleteFrom("password_resets").where("user_id", "=", userId).execute();
    // Also removed by the foreign key's cascade; said here so the deletion does not lean on it.
    const childrenForgotten = await forgetChildren(trx, userId);
    await trx.deleteFrom("users").where("id", "=", userId).execute();
    const summary: DeletionSummary = {
      bookingsCancelled,
      bookingsErased: bookingIds.length,
      enrollmentsErased: campIds.length,
      brochureRequestsErased: leads.length,
      contactMessagesErased: messages.length,
      waitlistPlacesLeft,
      waitlistPlacesErased: placeIds.length,
      sectionEnrolmentsCancelled,
      sectionEnrolmentsErased: enrolmentIds.length,
      ...makeups,
      certificatesErased,
      sectionWaitlistPlacesLeft,
      sectionWaitlistPlacesErased: sectionPlaceIds.length,
      calendarFeedsDeleted: feedsEnded,
      savedChildrenDeleted: childrenForgotten,
      consentAnswersDeleted,
      portfolioProjectsDeleted: portfolio.projects,
      invoicesKept: invoices,
      ...mailJobs,
    };
    // The account's own id (a number, no personal data), so staff can answer "was it deleted?".
    await recordAudit(trx, { userId: null, action: "delete", entity: "account", entityId: userId, summary: { ...summary } });
    return summary;
  });
  // A failure here leaves files no row names (never served: the file route reads through the rows).
  if (files && portfolioFiles.length > 0) await files.remove(portfolioFiles).catch(() => undefined);
  return summary;
}
