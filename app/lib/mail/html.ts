import { dirOf, type Lang } from "~/i18n/lang";

/**
 * The e-mails' HTML, escaped by construction (decision 053): `html` is a tagged template whose every
 * interpolation is escaped unless it is already `Html` (made by `html` itself), so a name, a course
 * title or a link can never add markup. Arrays of `Html` are joined with nothing; `joinHtml` picks
 * another separator.
 */
export class Html {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

type Interpolation = Html | string | number | readonly Html[];

export const escapeHtml = (value: string): string =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const markupOf = (value: Interpolation): string =>
  value instanceof Html ? value.markup : Array.isArray(value) ? value.map((item: Html) => item.markup).join("") : escapeHtml(String(value));

export function html(strings: TemplateStringsArray, ...values: readonly Interpolation[]): Html {
  return new Html(strings.reduce((out, piece, i) => out + piece + (i < values.length ? markupOf(values[i]!) : ""), ""));
}

/** Pieces of markup with a separator between them (itself markup, e.g. "\n" or "<br>"). */
export const joinHtml = (parts: readonly Html[], separator: string): Html => new Html(parts.map((part) => part.markup).join(separator));

/** An e-mail's HTML document in the reader's language and direction. */
export function mailDocument(lang: Lang, body: Html): string {
  return `<!doctype html><html lang="${lang}" dir="${dirOf(lang)}"><body style="font-family:sans-serif;color:#0f172a">
${body.markup}
</body></html>`;
}

/** Label / value rows; `ltr` values (phones, codes) are isolated left to right inside Arabic text. */
export function detailsTable(details: readonly (readonly [label: string, value: string, ltr?: boolean])[], lang: Lang): Html {
  // Mail clients do not know align="start": name the side.
  const align = lang === "ar" ? "right" : "left";
  const cell = (value: string, ltr?: boolean) => (ltr ? html`<span dir="ltr" style="unicode-bidi:isolate">${value}</span>` : html`${value}`);
  return html`<table cellpadding="4">${details.map(([label, value, ltr]) => html`<tr><th align="${align}">${label}</th><td align="${align}">${cell(value, ltr)}</td></tr>`)}</table>`;
}

const URL_IN_TEXT = /(https?:\/\/[^\s<>"]+)/;

/** One line of mail text with its web addresses as links, each isolated left to right (an Arabic paragraph keeps it whole). */
const linkedLine = (line: string): Html =>
  joinHtml(
    line.split(URL_IN_TEXT).map((part, i) => (i % 2 === 1 ? html`<a href="${part}" dir="ltr" style="unicode-bidi:isolate">${part}</a>` : html`${part}`)),
    "",
  );

/** A mail's plain text as HTML in its language and direction: paragraphs at blank lines, its line breaks kept, addresses as links. */
export function textToHtml(lang: Lang, text: string): Html {
  const paragraphs = text.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== "");
  return html`<div lang="${lang}" dir="${dirOf(lang)}">${paragraphs.map((paragraph) => html`<p>${joinHtml(paragraph.split("\n").map(linkedLine), "<br>")}</p>`)}</div>`;
}

/**
 * A mail written as plain text, in one language or several (a staff notice, a security alert in
 * both), with its HTML body: each language in its own block with `lang` and `dir`, so an Arabic
 * part reads right to left in mail clients (review 2026-11-28: five mails sent text only). The
 * document's own language is the first part's (the mail job wraps the body in `mailDocument`).
 */
export function textMail(parts: readonly { lang: Lang; text: string }[]): { lang: Lang; text: string; html: Html } {
  return {
    lang: parts[0]?.lang ?? "en",
    text: parts.map((part) => part.text).join("\n\n----\n\n"),
    html: joinHtml(
      parts.map((part) => textToHtml(part.lang, part.text)),
      "\n<hr>\n",
    ),
  };
}
