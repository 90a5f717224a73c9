/**
 * The follow-up e-mail after an attended demo class (decision 033): staff edit its subject and
 * body in both languages on the settings screen. These are the texts until they do.
 */

/** What staff may write in braces; the e-mail puts the booking's own values there. */
export const FOLLOWUP_PLACEHOLDERS = ["parent", "child", "course"] as const;
type Placeholder = (typeof FOLLOWUP_PLACEHOLDERS)[number];

export interface FollowupTexts {
  subject: { en: string; ar: string };
  body: { en: string; ar: string };
}

export const FOLLOWUP_DEFAULTS: FollowupTexts = {
  subject: {
    en: "Thank you for coming to the {course} demo class",
    ar: "شكرًا لحضوركم الحصة التجريبية لدورة {course}",
  },
  body: {
    en: "Dear {parent},\n\nThank you for bringing {child} to the {course} demo class. We hope it was fun!\n\nThe course page below has the full programme. To enroll, send us a message from our contact page or reply to this e-mail, and we will help you choose a batch.",
    ar: "مرحبًا {parent}،\n\nشكرًا لكم على حضور {child} الحصة التجريبية لدورة {course}، ونرجو أن تكون قد نالت إعجابكم!\n\nتجدون البرنامج الكامل في صفحة الدورة أدناه. وللتسجيل، راسلونا من صفحة التواصل أو ردّوا على هذا البريد، وسنساعدكم في اختيار المجموعة المناسبة.",
  },
};

/** Names in braces that are not placeholders ("{name}" for "{parent}"): the form refuses them. */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(/\{([^{}\s]{1,40})\}/g)].map((match) => match[1]!).filter((name) => !(FOLLOWUP_PLACEHOLDERS as readonly string[]).includes(name));
}

/** The text with each {placeholder} replaced by its value (values are inserted as they are). */
export function fillPlaceholders(text: string, values: Record<Placeholder, string>): string {
  return text.replace(/\{(parent|child|course)\}/g, (_match, name: Placeholder) => values[name]);
}
