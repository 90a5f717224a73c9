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
