import { FOLLOWUP_DEFAULTS, type SiteSettings } from "~server/features";

export const settings: SiteSettings = {
  address: {
    en: "5 Amigo, C-25, C Block, Sector 8, Noida, Uttar Pradesh, India",
    ar: "5 أميغو، C-25، بلوك C، القطاع 8، نويدا، أوتار براديش، الهند",
  },
  // Added to existing databases by the seed, which fills in settings keys that are missing.
  openingHours: {
    en: "Monday to Saturday: 9:00 to 18:00\nSunday: closed",
    ar: "من الاثنين إلى السبت: من 9 صباحًا حتى 6 مساءً\nالأحد: مغلق",
  },
  email: "info@stemacademy.example",
  phone: "+91 98765 43210",
  whatsappNumber: "919876543210",
  whatsappMessage: {
    en: "Hello! I would like to know more about your STEM courses.",
    ar: "مرحبًا! أود معرفة المزيد عن دورات STEM لديكم.",
  },
  social: {
    facebook: "https://www.facebook.com/stemacademy.noida",
    instagram: "https://www.instagram.com/stemacademy.noida",
    linkedin: "https://www.linkedin.com/company/stemacademy-noida",
    youtube: "https://www.youtube.com/@stemacademynoida",
    twitter: "https://x.com/stemacademynoida",
  },
  timeZone: "Asia/Kolkata",
  phoneCountry: "IN",
  campStartDate: "2025-07-01",
  campRecentSignups: 1410,
  // The e-mail after an attended demo class (decision 033); staff edit it on the settings screen.
  followupMail: FOLLOWUP_DEFAULTS,
  waitlistHoldHours: 12,
  demoChangeCutoffHours: 12,
  sectionChangeCutoffHours: 48,
  paymentHoldMinutes: 30,
  absenceNoticeHours: 24,
  makeupCreditDays: 60,
  makeupAllowance: 2,
  taxName: "",
  taxNameAr: "",
  taxRateBp: 0,
  taxRegistration: "",
  taxInclusive: true,
  defaultCurrency: "USD",
  invoiceDueDays: 7,
  // How families pay (issue 42): every desk method; bank details are the academy's to type in.
  payMethods: ["cash", "bank_transfer", "cheque"],
  bankDetails: { en: "", ar: "" },
  instalmentReminderDays: 3,
  demoBookingsPerFamily: 3,
  enrolmentsPerFamily: 6,
  // Messages to families (decision 127): quiet from 21:00 to 08:00 academy time.
  messagingQuietStart: 21,
  messagingQuietEnd: 8,
  messagingDailyCap: 5,
  messagingFallbackMinutes: 30,
  requireStaffSecondFactor: false,
  certificateFullName: false,
  familyPortfolioUploads: false,
};
