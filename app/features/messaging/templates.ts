/**
 * The academy's message templates as first seeded (decision 127): staff change their words, their
 * WhatsApp name, language codes, category and approval on /admin/messages. `{{name}}` is a named
 * parameter; a WhatsApp template must be approved in Meta's WhatsApp Manager under the same name,
 * with the same parameter names, before `approved` is ticked. Phone numbers and amounts in Arabic
 * are isolated left to right by the code that fills them in.
 */
export interface TemplateDefault {
  key: string;
  category: "service" | "news";
  /** Not held by quiet hours or the daily cap (a class cancelled today). */
  urgent?: boolean;
  params: readonly string[];
  en: string;
  ar: string;
}

export const TEMPLATE_DEFAULTS: readonly TemplateDefault[] = [
  {
    key: "demo_booking_confirmation",
    category: "service",
    params: ["child", "course", "date"],
    en: "Hello from STEM Academy: {{child}}'s demo class of {{course}} is booked for {{date}}. Reply here with any question.",
    ar: "مرحبًا من أكاديمية STEM: حُجز الدرس التجريبي في {{course}} لـ{{child}} يوم {{date}}. اكتبوا لنا هنا لأي سؤال.",
  },
  {
    key: "demo_booking_reminder",
    category: "service",
    params: ["child", "course", "date"],
    en: "Reminder: {{child}}'s demo class of {{course}} is on {{date}}.",
    ar: "تذكير: الدرس التجريبي في {{course}} لـ{{child}} يوم {{date}}.",
  },
  {
    key: "class_tomorrow",
    category: "service",
    params: ["child", "course", "date"],
    en: "Reminder: {{child}} has {{course}} on {{date}}. See you there!",
    ar: "تذكير: لدى {{child}} درس {{course}} يوم {{date}}. نراكم هناك!",
  },
  {
    key: "class_cancelled",
    category: "service",
    urgent: true,
    params: ["child", "course", "date"],
    en: "{{course}} on {{date}} is cancelled. We are sorry for the change; {{child}} keeps a make-up credit.",
    ar: "أُلغي درس {{course}} يوم {{date}}. نعتذر عن التغيير؛ يبقى لـ{{child}} رصيد تعويض.",
  },
  {
    key: "class_moved",
    category: "service",
    urgent: true,
    params: ["course", "date"],
    en: "{{course}} has moved to {{date}}.",
    ar: "نُقل درس {{course}} إلى {{date}}.",
  },
  {
    key: "absence_recorded",
    category: "service",
    params: ["child", "course", "date"],
    en: "We noted that {{child}} will miss {{course}} on {{date}}. Thank you for telling us.",
    ar: "سجّلنا غياب {{child}} عن {{course}} يوم {{date}}. شكرًا لإعلامنا.",
  },
  {
    key: "makeup_credit",
    category: "service",
    params: ["child", "days"],
    en: "{{child}} has a make-up credit, valid for {{days}} days. Book a make-up class from your account.",
    ar: "لدى {{child}} رصيد تعويض صالح لمدة {{days}} يومًا. احجزوا درس التعويض من حسابكم.",
  },
  {
    key: "waitlist_offer",
    category: "service",
    params: ["course", "until"],
    en: "A seat in {{course}} is free and held for you until {{until}}. Accept it from the link in your e-mail.",
    ar: "أصبح مقعد في {{course}} متاحًا ومحجوزًا لكم حتى {{until}}. اقبلوه من الرابط في بريدكم الإلكتروني.",
  },
  {
    key: "invoice_issued",
    category: "service",
    params: ["number", "amount", "link"],
    en: "Invoice {{number}} for {{amount}} is ready. Pay online: {{link}}",
    ar: "الفاتورة {{number}} بمبلغ {{amount}} جاهزة. ادفعوا عبر الإنترنت: {{link}}",
  },
  {
    key: "instalment_due",
    category: "service",
    params: ["amount", "date", "link"],
    en: "An instalment of {{amount}} is due on {{date}}. Pay online: {{link}}",
    ar: "يستحق قسط بمبلغ {{amount}} يوم {{date}}. ادفعوا عبر الإنترنت: {{link}}",
  },
  {
    key: "instalment_overdue",
    category: "service",
    params: ["amount", "date", "link"],
    en: "The instalment of {{amount}} due on {{date}} is still unpaid. Pay online: {{link}}",
    ar: "القسط بمبلغ {{amount}} المستحق يوم {{date}} لم يُدفع بعد. ادفعوا عبر الإنترنت: {{link}}",
  },
  {
    key: "receipt",
    category: "service",
    params: ["amount", "number"],
    en: "Thank you: we received {{amount}} for invoice {{number}}.",
    ar: "شكرًا لكم: استلمنا {{amount}} عن الفاتورة {{number}}.",
  },
  {
    // A delayed payment (a bank debit) refused after the checkout (decision 143): nothing was taken.
    key: "payment_failed",
    category: "service",
    params: ["amount", "number", "link"],
    en: "The payment of {{amount}} for invoice {{number}} did not go through, and nothing was taken. Pay again online: {{link}}",
    ar: "لم يكتمل دفع مبلغ {{amount}} عن الفاتورة {{number}}، ولم يُخصم منكم شيء. ادفعوا مجددًا عبر الإنترنت: {{link}}",
  },
  {
    key: "certificate_issued",
    category: "service",
    params: ["child", "course"],
    en: "Well done! {{child}}'s certificate for {{course}} is ready in your account.",
    ar: "أحسنتم! شهادة {{child}} في {{course}} جاهزة في حسابكم.",
  },
  {
    // The termly progress report issued (decision 138): its PDF is in the e-mail and the account.
    key: "progress_report_ready",
    category: "service",
    params: ["child", "course"],
    en: "{{child}}'s progress report for {{course}} is ready in your account.",
    ar: "تقرير تقدّم {{child}} في {{course}} جاهز في حسابكم.",
  },
  {
    key: "level_proposal",
    category: "service",
    params: ["child", "level", "next", "link"],
    en: "Well done! {{child}} has completed {{level}}. The next step is {{next}}: enrol here, with {{child}}'s details filled in: {{link}}",
    ar: "أحسنتم! أتمّ {{child}} مستوى {{level}}. الخطوة التالية {{next}}: سجّلوا من هنا وبيانات {{child}} معبّأة: {{link}}",
  },
  {
    // The unpaid-invoice automation (decision 140): N days after the due date, the invoice still open.
    key: "unpaid_invoice",
    category: "service",
    params: ["number", "date", "link"],
    en: "Invoice {{number}} was due on {{date}} and is still unpaid. Pay online: {{link}}",
    ar: "الفاتورة {{number}} كانت مستحقة السداد في {{date}} ولم تُسدَّد بعد. ادفعوا عبر الإنترنت: {{link}}",
  },
  {
    // The absence alert (decision 140): the instructor marked the child absent and the family had not told us.
    key: "absence_alert",
    category: "service",
    params: ["child", "course", "date"],
    en: "{{child}} was marked absent from {{course}} on {{date}}. If this is a mistake, reply here.",
    ar: "سُجّل غياب {{child}} عن درس {{course}} يوم {{date}}. إن كان هذا خطأً فاكتبوا لنا هنا.",
  },
  {
    key: "trial_follow_up",
    category: "news",
    params: ["child", "course"],
    en: "We hope {{child}} enjoyed the demo class of {{course}}. Reply here to choose a group.",
    ar: "نأمل أن يكون الدرس التجريبي في {{course}} قد أعجب {{child}}. اكتبوا لنا هنا لاختيار مجموعة.",
  },
  {
    // A staff broadcast about classes (decision 134): the academy closed for a storm, a changed room.
    key: "announcement",
    category: "service",
    params: ["text"],
    en: "STEM Academy: {{text}}",
    ar: "أكاديمية STEM: {{text}}",
  },
  {
    key: "news",
    category: "news",
    params: ["text"],
    en: "STEM Academy news: {{text}} Reply STOP to stop news and offers.",
    ar: "أخبار أكاديمية STEM: {{text}} أرسلوا «إيقاف» لإيقاف الأخبار والعروض.",
  },
];

/**
 * The parameters in one language: a caller that knows a value in both (a course's name) passes
 * `course_en` and `course_ar`, and the guardian's language picks one as `course`.
 */
export function paramsIn(params: Readonly<Record<string, string>>, lang: "en" | "ar"): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const suffix = /^(\w+)_(en|ar)$/.exec(name);
    if (!suffix) values[name] ??= value;
    else if (suffix[2] === lang) values[suffix[1]!] = value;
  }
  return values;
}

/** A value known in both languages, as the two parameters paramsIn picks from: `{ date_en, date_ar }`. */
export function inBoth(name: string, value: (lang: "en" | "ar") => string): Record<string, string> {
  return { [`${name}_en`]: value("en"), [`${name}_ar`]: value("ar") };
}

/** Fills a template's named parameters; a missing one is an error (a template and its caller disagree). */
export function fillTemplate(body: string, params: Readonly<Record<string, string>>): string {
  return body.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`template parameter "${name}" missing`);
    return value;
  });
}

/** The parameter names a template's text uses, in order of first use. */
export function templateParams(body: string): string[] {
  return [...new Set([...body.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!))];
}
