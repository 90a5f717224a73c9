import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatAmount, formatMoney, formatPrice, moneyText } from "~/lib/money";
import { formatCampDate, formatCampYear } from "~/features/camp/camp";
import { formatLongDate } from "~/features/blog/dates";

/**
 * Keeps the Arabic glossary of the review (../shared/reviews/arabic-2026-11-25.md, decision 054):
 * no banned term in Arabic locale text, seed content or e-mail templates, and every date and
 * number formatter pinned to Western digits (decision 005).
 */

const root = path.resolve(import.meta.dirname, "../..");
const localeDir = path.join(import.meta.dirname, "locales", "ar");

/** Every non-test source file under app/ and server/ (seeds, mail texts, the PDF builder, formatters). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "test" || entry.name === "locales" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}
const sources = [...sourceFiles(path.join(root, "app")), ...sourceFiles(path.join(root, "server"))].map((file) => ({
  file: path.relative(root, file),
  text: readFileSync(file, "utf8"),
}));

const ARABIC = /[\u0621-\u064A]/;

/** Locale values as "ar/file.json key" → text. */
function localeTexts(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (where: string, value: unknown, prefix: string) => {
    if (typeof value === "string") out.push([`${where} ${prefix}`, value]);
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(where, v, prefix ? `${prefix}.${k}` : k);
  };
  for (const file of readdirSync(localeDir)) walk(`ar/${file}`, JSON.parse(readFileSync(path.join(localeDir, file), "utf8")), "");
  return out;
}

/** Arabic string literals in source (seed content, e-mail templates such as the follow-up defaults). */
function sourceTexts(): [string, string][] {
  const literal = /"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`|'((?:[^'\\\n]|\\.)*)'/g;
  return sources.flatMap(({ file, text }) =>
    [...text.matchAll(literal)]
      .map((m) => m[1] ?? m[2] ?? m[3] ?? "")
      .filter((value) => ARABIC.test(value))
      .map((value): [string, string] => [file, value]),
  );
}

/**
 * Texts about the summer camp, where «دفعة» once named a camp period (review 2026-11-25, row 1):
 * the camp locale, the camp seeds and code, and the camp keys of the admin locale. Elsewhere «دفعة»
 * is billing's word for a payment (review 2026-11-28, M24).
 */
const isCampText = (where: string): boolean =>
  /^ar\/camp\.json |^ar\/admin\.json (camps\.|fields\.session|notice\.fields\.session)|^server\/db\/seed\/camps\.ts|^app\/features\/camp\//.test(where);
const CAMP_ONLY: [RegExp, string][] = [[/دفع(ة|تان|تين|تا|ات)/, "camp batch: «فترة» (الفترة الأولى/الثانية), not «دفعة»"]];

/** Banned term → the glossary's word. A lookahead keeps the uses the glossary allows. */
const BANNED: [RegExp, string][] = [
  [/(^|[^ل])مبلغ\S* (مدفوع|مستلم)|مبالغ (مدفوعة|مستلمة)/, "a payment (billing): «دفعة، دفعات», not «مبلغ مدفوع / مبلغ مستلم»"],
  [/استرددنا/, "we refunded: «أعدنا إليكم المبلغ / رددنا المبلغ إليكم» («استرددنا» is «we took it back»)"],
  [/المحترم|[\u0621-\u064A]\/ة(?![\u0621-\u064A])/, "greeting: «مرحبًا {name}،», not «المحترم/ة»"],
  [/عامل (ال)?تحقق/, "second factor: «التحقق بخطوتين / وسيلة تحقق ثانية», not «عامل التحقق»"],
  [/رموز الاسترداد/, "recovery codes: «الرموز الاحتياطية» («استرداد» is a refund)"],
  [/رقمكم \{\{position\}\}|ورقمكم/, "waitlist position: «ترتيبكم في قائمة الانتظار»"],
  [/ممتلئة/, "full group: «مكتملة»"],
  [/الفصل(?! الدراسي)(?![\u0621-\u064A])/, "term: «الفصل الدراسي» («الفصل» alone is a classroom in KSA)"],
  [/جلس(ة|ات|تا|تان|تين)(?!\s+تسجيل)/, "class/session: «حصة، حصص», not «جلسة» (sign-in sessions excepted)"],
  [/آباء/, "parents: «وليّ الأمر / أولياء الأمور / الأهل», not «الآباء»"],
  [/مرشد/, "mentor: «المدرّب، المدرّبة، المدرّبون», not «مرشد»"],
  [/تكنولوجي/, "technology: «التقنية»"],
  [/الخط الساخن/, "phone: «الهاتف»"],
  [/في الدور(?![\u0621-\u064A])/, "place in line: «ترتيبك في قائمة الانتظار»"],
  [/منطقة (الإدارة|الموظفين)/, "admin area: «لوحة الإدارة»"],
  [/مجموع(ة|ات)\s+(ال)?(روبوت|أردوينو|تركيب|STEM|علوم|دوائر)|بالمجموعة الموصى/, "kit: «طقم، أطقم», not «مجموعة»"],
  [/عُدد/, "kit: «طقم» («عُدد» reads «عدد»)"],
  [/ولي (الأمر|أمر)/, "«وليّ الأمر» always with the shadda"],
  [/السعر (السابق|الأصلي|القديم)/, "original price: «السعر قبل الخصم»"],
  [/عزيز(نا|تنا)/, "greeting: «مرحبًا {name}،»"],
  [/هل أنت مستعد|جديد هنا|أنت غير مسجّ?ل|ستبقى مسجّ?ل|نأمل أن تكون|[\u0621-\u064A]تَ(?=[\s.,،؛:!?]|$)/, "no gendered word aimed at the reader (no vocalised «تَ»)"],
  [/[\u0621-\u064A][^"\n]*\.\.\./, "ellipsis: «…», not three dots"],
];

function glossaryFindings(texts: [string, string][]): string[] {
  return texts.flatMap(([where, text]) =>
    [...BANNED, ...(isCampText(where) ? CAMP_ONLY : [])]
      .filter(([pattern]) => pattern.test(text))
      .map(([, rule]) => `${where}: ${rule}\n    ${text.slice(0, 120)}`),
  );
}

describe("Arabic glossary (decision 054)", () => {
  it("finds Arabic text to check in the locales, the seeds and the e-mail templates", () => {
    const fromSource = sourceTexts();
    expect(localeTexts().length).toBeGreaterThan(1500);
    expect(fromSource.some(([file]) => file.startsWith("server/db/seed/"))).toBe(true);
    expect(fromSource.some(([file]) => file.endsWith("followup-texts.ts"))).toBe(true);
  });

  it("flags each banned term (the check can fail)", () => {
    expect(glossaryFindings([["ar/camp.json enroll.chooseSession", "اختر دفعة"]])).toHaveLength(1);
    expect(glossaryFindings([["ar/admin.json camps.batch", "الدفعة {{n}}"]])).toHaveLength(1);
    // In billing «دفعة» is the word for a payment.
    expect(glossaryFindings([["ar/billing.json kind.payment", "دفعة"]])).toEqual([]);
    const samples = [
      "مبلغ مدفوع",
      "تسجيل مبلغ مستلم",
      "استرددنا دفعتكم",
      "{{name}} المحترم/ة،",
      "رمز عامل التحقق الثاني",
      "رموز الاسترداد",
      "ورقمكم 3",
      "هذه المجموعة ممتلئة.",
      "يبدأ الفصل قريبًا",
      "وحصلتَ على رصيد",
      "في كل جلسة",
      "للآباء",
      "مرشدون خبراء",
      "التكنولوجيا",
      "الخط الساخن",
      "رقمك 1 في الدور",
      "منطقة الإدارة",
      "مجموعة أردوينو",
      "عُدد",
      "ولي الأمر",
      "السعر الأصلي",
      "عزيزنا",
      "جديد هنا؟",
      "جارٍ الإرسال...",
    ];
    for (const sample of samples) expect(glossaryFindings([["sample", sample]]), sample).toHaveLength(1);
    const allowed = [
      "أعدنا إليكم المبلغ المدفوع",
      "المبلغ المستلم",
      "يبدأ الفصل الدراسي قريبًا",
      "الفصول",
      "الفترة الأولى",
      "أُنهيت جلستا تسجيل دخول.",
      "جلسات تسجيل الدخول",
      "قوى الرفع والدفع",
      "وليّ الأمر",
      "مجموعات صغيرة",
      "في الدوري",
      "جارٍ الإرسال…",
    ];
    for (const sample of allowed) expect(glossaryFindings([["sample", sample]]), sample).toEqual([]);
  });

  it("has no banned term in Arabic locale text", () => {
    expect(glossaryFindings(localeTexts())).toEqual([]);
  });

  it("has no banned term in Arabic seed content, e-mail templates or other Arabic text in source", () => {
    expect(glossaryFindings(sourceTexts())).toEqual([]);
  });
});

/**
 * Pattern rules of the 2026-11-28 review ("Rules to add to decision 054 and glossary.test.ts"): a
 * banned word list cannot see a phone left unisolated, a masculine verb about a child whose name is
 * inserted, or a counted noun after a number staff can change.
 */
const PLURAL_FORMS = ["zero", "one", "two", "few", "many", "other"] as const;
// Nouns counted after a number: wrong for some numbers unless each plural form words them.
const COUNTED =
  "ساعة|ساعات|ساعتين|يوم|يومًا|أيام|دقيقة|دقائق|حرف|حرفًا|أحرف|سنة|سنوات|قسط|قسطًا|أقساط|مقعد|مقعدًا|مقاعد|طفل|أطفال|رمز|رموز|حصة|حصص|أسبوع|أسابيع|شهر|أشهر|عائلة|عائلات|مرة|مرات";
// Placeholders that stand for a number staff set (settings, a group's length) or the code sets.
const NUMBER_PLACEHOLDER = "hours|days|minutes|max|min|weeks|months|years";

function patternFindings(texts: [string, string][]): string[] {
  const keys = new Set(texts.map(([where]) => where));
  const found: string[] = [];
  for (const [where, text] of texts) {
    const say = (rule: string) => found.push(`${where}: ${rule}\n    ${text.slice(0, 120)}`);
    // 1. A phone inside an Arabic sentence is isolated left to right in the text itself.
    if (/\{\{phone\}\}/.test(text) && !/\u2066\{\{phone\}\}\u2069/.test(text)) say("isolate the phone: \u2066{{phone}}\u2069");
    // 2. No masculine verb or pronoun about the child whose name is inserted (decision 054).
    if (
      /(انتقل|ينتظر\S*|حضر|غاب|أتمّ|أتم)\s+\{\{(name|child)\}\}/.test(text) ||
      /\{\{(name|child)\}\}[^.]*?أتمّ/.test(text) ||
      /استلمه|لديه شهادة|حضوره دون|غاب عنها/.test(text) ||
      (/^ar\/certificates\.json pdf\./.test(where) && /(^|\s)أتمّ?(\s|$)/.test(text))
    )
      say("a verb about the child is neutral: «نُقل تسجيل {{name}}», «تقديرًا لإتمام», «تمّ التسليم إلى»");
    // 3. A counted noun after a changeable count: {{count}} in a full set of Arabic plural keys; other numbers never before a counted noun.
    const plural = /^(.*)_(zero|one|two|few|many|other)$/.exec(where);
    if (new RegExp(`\\{\\{count\\}\\}\\s*(${COUNTED})(?![\\u0621-\\u064A])`).test(text) && !plural)
      say("a counted noun after {{count}}: give the key its _zero … _other forms");
    if (plural && !PLURAL_FORMS.every((form) => keys.has(`${plural[1]}_${form}`))) say(`plural keys need all of _${PLURAL_FORMS.join(", _")}`);
    if (new RegExp(`\\{\\{(${NUMBER_PLACEHOLDER})\\}\\}\\s*(${COUNTED})(?![\\u0621-\\u064A])`).test(text))
      say("a counted noun after a changeable number: pass it as {{count}} with plural keys");
    // 4. One sign-off: the e-mails end with «… فريق أكاديمية STEM».
    if (/\.signoff$/.test(where) && !/فريق أكاديمية STEM$/.test(text)) say("sign-off: «شكرًا لكم! مع تحيات فريق أكاديمية STEM»");
  }
  return found;
}

/** Arabic string literals of source that put a phone into a sentence: `${…phone…}` without U+2066 before it. */
function sourcePhoneFindings(): string[] {
  return sourceTexts()
    .filter(([, text]) => /\$\{[^}]*[pP]hone[^}]*\}/.test(text) && !/(\\u2066|\u2066)\$\{[^}]*[pP]hone[^}]*\}/.test(text))
    .map(([file, text]) => `${file}: isolate the phone in Arabic text\n    ${text.slice(0, 120)}`);
}

describe("Arabic pattern rules (review 2026-11-28)", () => {
  it("flags an unisolated phone, a masculine verb about a child, a counted noun after a changeable number, another sign-off (the check can fail)", () => {
    const bad: [string, string][] = [
      ["ar/x.json a", "اتصلوا بنا على الرقم {{phone}}."],
      ["ar/x.json b", "انتقل {{name}} إلى مجموعة أخرى."],
      ["ar/x.json c", "أصبح مقعد متاحًا في المجموعة التي ينتظرها {{name}}."],
      ["ar/x.json d", "استلمه {{person}} الساعة {{time}}"],
      ["ar/certificates.json pdf.completed", "أتمّ بنجاح دورة"],
      ["ar/x.json e", "بقي أقل من {{hours}} ساعة"],
      ["ar/x.json f", "تم تسجيل {{marked}} من {{count}} أطفال."],
      ["ar/x.json g_one", "قسط واحد"],
      ["ar/x.json mail.signoff", "مع الشكر، فريق الأكاديمية"],
    ];
    for (const sample of bad) expect(patternFindings([sample]), sample[1]).toHaveLength(1);
    const good: [string, string][] = [
      ["ar/x.json a", "اتصلوا بنا على الرقم \u2066{{phone}}\u2069."],
      ["ar/x.json b", "نُقل تسجيل {{name}} إلى مجموعة أخرى."],
      ["ar/certificates.json pdf.completed", "تقديرًا لإتمام دورة"],
      ["ar/x.json e", "رُصدت حالة {{marked}} من أصل {{count}}."],
      ["ar/x.json mail.signoff", "شكرًا لكم! مع تحيات فريق أكاديمية STEM"],
      ...PLURAL_FORMS.map((form): [string, string] => [`ar/x.json h_${form}`, "{{count}} ساعة"]),
    ];
    expect(patternFindings(good)).toEqual([]);
  });

  it("holds in every Arabic locale text", () => {
    expect(patternFindings(localeTexts())).toEqual([]);
  });

  it("isolates phones in Arabic text built in source", () => {
    expect(sourcePhoneFindings()).toEqual([]);
  });

  it("joins a date and its time with formatDateTimeLabel («، الساعة» in Arabic), not a hard-coded Latin comma", () => {
    const commaAfterDate = /formatDateLabel\([^)]*\)\}, \$\{/;
    expect(commaAfterDate.test("`${formatDateLabel(at, zone, lang)}, ${formatTimeLabel(at, zone, lang)}`")).toBe(true);
    expect(sources.filter(({ text }) => commaAfterDate.test(text)).map(({ file }) => file)).toEqual([]);
  });

  it("isolates every amount left to right at the formatter, so «US$» keeps its dollar sign at its end (issue 42 step 7)", () => {
    expect(moneyText(125_000, "USD", "ar")).toBe("\u20661,250\u00a0US$\u2069");
    expect(formatMoney(125_000, "USD", "ar")).toBe("\u20661,250\u00a0US$\u2069");
    expect(formatMoney(-99_920, "USD", "en")).toBe("\u2066-$999.20\u2069");
    expect(formatMoney(125_000, "USD", "ar", { display: "code" })).toBe("1,250.00 USD");
  });
});

/** Formatter calls: Intl.DateTimeFormat/NumberFormat and toLocale*String, where digits are chosen. */
const FORMATTER = /new Intl\.(DateTimeFormat|NumberFormat)\(|Intl\.(DateTimeFormat|NumberFormat)\(|\.toLocale(Date|Time)?String\(/g;

/** The problems of one file: Arabic locales without Latin digits, and formatters left to the default locale. */
function digitFindings(file: string, text: string): string[] {
  const calls = [...text.matchAll(FORMATTER)];
  if (calls.length === 0) return [];
  const found: string[] = [];
  // An Arabic locale tag written anywhere in a formatting file (not a language comparison) must pin Latin digits.
  for (const m of text.matchAll(/(===?|!==?|case|\|)?\s*["'`](ar(?:-[A-Za-z0-9]+)*)["'`](\s*(?:===?|!==?|\|))?/g)) {
    if (m[1] || m[3]) continue; // a comparison or a type ("en" | "ar"), not a locale
    const tag = m[2]!;
    if (tag === "ar" && /\bar\s*:\s*$/.test(text.slice(Math.max(0, m.index - 8), m.index))) continue;
    if (!/-nu-latn\b/.test(tag)) found.push(`${file}: locale "${tag}" without -u-nu-latn`);
  }
  for (const call of calls) {
    const after = text.slice(call.index + call[0].length, call.index + call[0].length + 60);
    // No locale (the runtime's default) or the bare language code: digits depend on the machine.
    if (/^\s*\)(?!\.resolvedOptions)/.test(after) && !/\.resolvedOptions/.test(after.slice(0, 25))) found.push(`${file}: ${call[0]}) without a locale`);
    if (/^\s*(undefined|lang|i18n\.language)\s*[,)]/.test(after)) found.push(`${file}: ${call[0]}${after.split(/[,)]/)[0]} is not a pinned locale`);
  }
  return found;
}

describe("Western digits in every date and number formatter (decision 005)", () => {
  it("finds the formatters", () => {
    const formatting = sources.filter(({ text }) => text.match(FORMATTER) !== null);
    expect(formatting.map(({ file }) => file)).toEqual(
      expect.arrayContaining(["app/lib/money.ts", "app/features/accounts/AccountSection.tsx", "app/features/admin-kit/format.ts"]),
    );
  });

  it("flags a bare or regional Arabic locale and a missing locale (the check can fail)", () => {
    expect(digitFindings("x.ts", `new Intl.DateTimeFormat(lang === "ar" ? "ar" : "en-GB", {})`)).toHaveLength(1);
    expect(digitFindings("x.ts", `new Intl.DateTimeFormat(lang === "ar" ? "ar-EG" : "en-US", {})`)).toHaveLength(1);
    expect(digitFindings("x.ts", `n.toLocaleString()`)).toHaveLength(1);
    expect(digitFindings("x.ts", `new Intl.NumberFormat(lang, {})`)).toHaveLength(1);
    expect(digitFindings("x.ts", `new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en-GB", {})`)).toEqual([]);
    expect(digitFindings("x.ts", `const l = { en: "en-US", ar: "ar-u-ca-gregory-nu-latn" }; new Intl.DateTimeFormat(l[lang])`)).toEqual([]);
    expect(digitFindings("x.ts", `Intl.DateTimeFormat().resolvedOptions().timeZone`)).toEqual([]);
    expect(digitFindings("x.ts", `(lang: "en" | "ar") => new Intl.DateTimeFormat("ar-u-nu-latn")`)).toEqual([]);
  });

  it("pins Latin digits wherever a formatter may format Arabic", () => {
    expect(sources.flatMap(({ file, text }) => digitFindings(file, text))).toEqual([]);
  });

  it("formats Arabic prices and dates with Western digits", () => {
    const easternDigits = /[\u0660-\u0669\u06F0-\u06F9]/;
    for (const value of [
      formatPrice(14999, "INR", "ar"),
      formatAmount(14999, "INR", "ar"),
      formatPrice(4254, "USD", "ar"),
      formatCampDate("2026-07-01", "ar"),
      formatCampYear("2026-07-01", "ar"),
      formatLongDate("2026-03-14T10:00:00Z", "ar"),
    ]) {
      expect(value, value).toMatch(/\d/);
      expect(value, value).not.toMatch(easternDigits);
    }
  });
});
