import type { Lang } from "~/i18n/lang";

/**
 * The public pages' own texts that staff edit (issue 28, decision 058): each page is a few
 * sections, each section a fixed list of fields. A field is bilingual (English and Arabic, the
 * Arabic falling back to the English) unless `shared` (a number shown as typed in both languages).
 * `seed` names the locale text a new installation starts from (`namespace:key`), or gives the
 * value itself (`value`, the specification's numbers).
 */
export interface SectionField {
  name: string;
  /** Rows of the editor's textarea; a one-line input when absent. */
  rows?: number;
  /** Longest text accepted. */
  max: number;
  shared?: true;
  /** A placeholder the page fills in (`{{year}}`, `{{camp}}`), named to staff beside the field. */
  placeholder?: "year" | "camp";
  seed: { from: string } | { value: string };
}

export interface PageSection {
  key: string;
  fields: readonly SectionField[];
}

const line = (name: string, from: string, max = 200): SectionField => ({ name, max, seed: { from } });
const para = (name: string, from: string, max = 1000): SectionField => ({ name, max, rows: 3, seed: { from } });
const figure = (name: string, value: string): SectionField => ({ name, max: 12, shared: true, seed: { value } });

/** Title and text of each card of a four-card grid. */
const cards = (ns: string, base: string, keys: readonly string[]) =>
  keys.flatMap((key) => [line(`${key}Title`, `${ns}:${base}.${key}.title`), para(`${key}Text`, `${ns}:${base}.${key}.text`, 400)]);

/** The summer camp banner's topic tags, in the page's order. */
export const CAMP_TOPICS = ["coding", "robotics", "electronics", "python", "ai", "iot", "drones", "printing"] as const;

export const PAGE_SECTIONS = {
  home: [
    {
      key: "hero",
      fields: [
        line("title", "home:hero.title"),
        para("text", "home:hero.text", 500),
        line("benefit1", "home:hero.benefit1"),
        line("benefit2", "home:hero.benefit2"),
        line("benefit3", "home:hero.benefit3"),
        line("imageAlt", "home:hero.imageAlt", 300),
      ],
    },
    {
      key: "why",
      fields: [line("title", "home:why.title"), para("intro", "home:why.intro", 500), ...cards("home", "why", ["mentors", "projects", "batches", "flexible"])],
    },
    {
      key: "about",
      fields: [
        line("title", "home:about.title"),
        para("text1", "home:about.text1"),
        para("text2", "home:about.text2"),
        line("imageAlt", "home:about.imageAlt", 300),
      ],
    },
    { key: "why2", fields: [line("title", "home:why2.title"), ...cards("home", "why2", ["certificates", "progress", "safe", "future"])] },
    {
      key: "headings",
      fields: [
        line("latestTitle", "home:latest.title"),
        line("latestIntro", "home:latest.intro", 300),
        line("parentsTitle", "home:parents.title"),
        line("teachersTitle", "home:teachers.title"),
        line("teachersIntro", "home:teachers.intro", 300),
        line("kidsTitle", "home:kids.title"),
      ],
    },
    { key: "camp", fields: [line("title", "home:camp.title"), para("text", "home:camp.text", 500), line("button", "home:camp.button", 80)] },
    { key: "ageFilter", fields: [line("title", "home:ageFilter.title"), para("text", "home:ageFilter.text", 500)] },
    { key: "schools", fields: [line("eyebrow", "school:section.eyebrow", 80), line("title", "school:section.title"), para("text", "school:section.text")] },
  ],
  "know-more": [
    { key: "intro", fields: [line("title", "pages:knowMore.title"), para("intro", "pages:knowMore.intro"), para("intro2", "pages:knowMore.intro2")] },
    { key: "areas", fields: [line("title", "pages:knowMore.areasTitle"), ...cards("pages", "knowMore.areas", ["stem", "robotics", "coding", "modeling"])] },
    { key: "cta", fields: [line("title", "pages:knowMore.ctaTitle"), para("text", "pages:knowMore.ctaText", 500)] },
  ],
  stemlab: [
    { key: "intro", fields: [line("title", "pages:stemlab.title"), para("intro", "pages:stemlab.intro")] },
    {
      key: "expect",
      fields: [line("title", "pages:stemlab.expectTitle"), ...cards("pages", "stemlab.cards", ["equipment", "guidance", "projects", "realWorld"])],
    },
    {
      key: "creativity",
      fields: [
        line("title", "pages:stemlab.creativityTitle"),
        para("text", "pages:stemlab.creativityText", 500),
        figure("stat1Value", "98%"),
        line("stat1", "pages:stemlab.stat1"),
        figure("stat2Value", "50+"),
        line("stat2", "pages:stemlab.stat2"),
        figure("stat3Value", "24/7"),
        line("stat3", "pages:stemlab.stat3"),
      ],
    },
  ],
  "summer-camp": [
    {
      key: "banner",
      // `{{year}}` in the eyebrow is the season's year from the settings' start date.
      fields: [
        { ...line("eyebrow", "camp:banner.eyebrow", 80), placeholder: "year" },
        line("title", "camp:banner.title"),
        para("intro", "camp:banner.intro"),
        line("imageAlt", "camp:banner.imageAlt", 300),
      ],
    },
    { key: "topics", fields: CAMP_TOPICS.map((topic) => line(topic, `camp:topics.${topic}`, 60)) },
    { key: "spots", fields: [line("title", "camp:spots.title", 80)] },
    {
      key: "why",
      fields: [
        line("title", "camp:why.title"),
        ...(["handsOn", "mentors", "future", "showcase"] as const).flatMap((key) => [
          line(`${key}Title`, `camp:why.${key}`),
          para(`${key}Text`, `camp:why.${key}Text`, 400),
        ]),
      ],
    },
    // `{{camp}}` in the curriculum dialog's title is the camp's name.
    {
      key: "headings",
      fields: [
        line("campsTitle", "camp:card.campsTitle"),
        line("moreTitle", "camp:moreCourses.title"),
        { ...line("curriculumTitle", "camp:curriculum.title"), placeholder: "camp" },
      ],
    },
  ],
  projects: [{ key: "page", fields: [line("title", "pages:projects.title"), line("imageAlt", "pages:projects.imageAlt", 300)] }],
  site: [
    {
      key: "stats",
      fields: [
        figure("studentsValue", "156+"),
        line("students", "pages:stats.students", 60),
        figure("classesValue", "568+"),
        line("classes", "pages:stats.classes", 60),
        figure("teachersValue", "40+"),
        line("teachers", "pages:stats.teachers", 60),
        figure("yearsValue", "6+"),
        line("years", "pages:stats.years", 60),
      ],
    },
    { key: "footer", fields: [para("about", "common:footer.about", 600)] },
  ],
} as const satisfies Record<string, readonly PageSection[]>;

export type PageKey = keyof typeof PAGE_SECTIONS;
export const PAGE_KEYS = Object.keys(PAGE_SECTIONS) as PageKey[];

export const isPageKey = (value: string): value is PageKey => Object.hasOwn(PAGE_SECTIONS, value);

export function sectionOf(page: PageKey, section: string): PageSection | undefined {
  return (PAGE_SECTIONS[page] as readonly PageSection[]).find((s) => s.key === section);
}

/** One field's text as a page shows it: in the page's language, or the English one with its own language when the translation is missing. */
export interface ShownText {
  text: string;
  lang: Lang;
}

/** A page's texts by `section.field`. */
export type PageTexts = Record<string, ShownText>;

/** The texts of one section as stored, per language. */
export interface SectionValues {
  en: Record<string, string>;
  ar: Record<string, string>;
}

/**
 * The text shown for a field: the page's language when given, else English marked as English
 * (the same fallback as courses and posts: `textLangAttrs` puts `lang` and `dir` on it).
 */
export function shownText(values: SectionValues, field: SectionField, lang: Lang): ShownText {
  const en = values.en[field.name] ?? "";
  if (field.shared || lang === "en") return { text: en, lang };
  const ar = values.ar[field.name] ?? "";
  return ar.trim() !== "" ? { text: ar, lang: "ar" } : { text: en, lang: "en" };
}

/**
 * A staff text with its placeholders filled: `{{year}}` (as in the locale files it was seeded
 * from) or `{year}`; an unknown placeholder stays as typed.
 */
export function fillText(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g, (whole, a: string | undefined, b: string | undefined) => values[(a ?? b)!] ?? whole);
}
