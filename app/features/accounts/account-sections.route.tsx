import { useAccountData } from "./account.route";
import { accountSectionClass } from "./AccountSection";
import { BookingsSection } from "./BookingsSection";
import { ChildrenSection } from "./ChildrenSection";
import { DataSection } from "./DataSection";
import { DevicesSection } from "./DevicesSection";
import { PasswordSection } from "./PasswordSection";
import { ProfileSection } from "./ProfileSection";
import { SentFormsSections } from "./SentFormsSections";
import { WaitlistSection } from "./WaitlistSection";
import { CalendarFeedSection } from "./CalendarFeedSection";
import { TimetableSection } from "./TimetableSection";
import { AttendanceSection } from "./AttendanceSection";
import { CertificatesSection } from "./CertificatesSection";
import { LevelsSection } from "./LevelsSection";
import { PushSection } from "./PushSection";
import { PortfolioSection } from "./PortfolioSection";
import { ProgressReportsSection } from "./ProgressReportsSection";
import { GuardiansSection } from "~/features/guardians/GuardiansSection";
import { PickupSection } from "~/features/guardians/PickupSection";
import { mayUse } from "~/features/family/family-parts";

/** /account's index: every section of the account, in the page's order. */
export default function AccountSections() {
  const {
    profile,
    bookings,
    waitlist,
    enrollments,
    brochureRequests,
    children,
    devices,
    timeZone,
    timetable,
    attendance,
    certificates,
    levels,
    push,
    portfolio,
    progressReports,
    family,
    guardians,
  } = useAccountData();
  // What the signed-in guardian's role opens (FAMILY_PARTS, decision 139); the primary sees every section.
  const sees = mayUse(family.role, "see");
  const acts = mayUse(family.role, "act");
  return (
    <>
      {guardians.pickup ? <PickupSection card={guardians.pickup} /> : null}
      {sees ? <TimetableSection timetable={timetable.children} /> : null}
      {sees ? <CalendarFeedSection feed={timetable.feed} /> : null}
      <PushSection push={push} />
      {attendance.length > 0 ? <AttendanceSection attendance={attendance} /> : null}
      {progressReports.length > 0 ? <ProgressReportsSection reports={progressReports} /> : null}
      {levels.length > 0 ? <LevelsSection levels={levels} /> : null}
      {acts && (portfolio.projects.length > 0 || portfolio.familyUploads) ? <PortfolioSection portfolio={portfolio} /> : null}
      {certificates.length > 0 ? <CertificatesSection certificates={certificates} /> : null}
      {sees ? <BookingsSection bookings={bookings} /> : null}
      {waitlist.length > 0 ? <WaitlistSection places={waitlist} /> : null}
      {sees ? <SentFormsSections enrollments={enrollments} brochureRequests={brochureRequests} /> : null}
      {acts ? <ChildrenSection savedChildren={children} enrolled={timetable.children} /> : null}
      {guardians.list ? <GuardiansSection list={guardians.list} manages={guardians.manages} /> : null}
      <ProfileSection profile={profile} />
      <PasswordSection hasPassword={profile.hasPassword} />
      <DevicesSection devices={devices} timeZone={timeZone} className={accountSectionClass} />
      <DataSection email={profile.email} />
    </>
  );
}
