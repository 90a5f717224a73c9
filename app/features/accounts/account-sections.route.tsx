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
  } = useAccountData();
  return (
    <>
      <TimetableSection timetable={timetable.children} />
      <CalendarFeedSection feed={timetable.feed} />
      <PushSection push={push} />
      {attendance.length > 0 ? <AttendanceSection attendance={attendance} /> : null}
      {progressReports.length > 0 ? <ProgressReportsSection reports={progressReports} /> : null}
      {levels.length > 0 ? <LevelsSection levels={levels} /> : null}
      {portfolio.projects.length > 0 || portfolio.familyUploads ? <PortfolioSection portfolio={portfolio} /> : null}
      {certificates.length > 0 ? <CertificatesSection certificates={certificates} /> : null}
      <BookingsSection bookings={bookings} />
      {waitlist.length > 0 ? <WaitlistSection places={waitlist} /> : null}
      <SentFormsSections enrollments={enrollments} brochureRequests={brochureRequests} />
      <ChildrenSection savedChildren={children} enrolled={timetable.children} />
      <ProfileSection profile={profile} />
      <PasswordSection hasPassword={profile.hasPassword} />
      <DevicesSection devices={devices} timeZone={timeZone} className={accountSectionClass} />
      <DataSection email={profile.email} />
    </>
  );
}
