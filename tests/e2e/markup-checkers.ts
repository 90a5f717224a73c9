import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { HtmlValidate, type ConfigData } from "html-validate";
import type { Page, Response } from "./fixtures";

/**
 * The two checkers that run beside axe on every page of the accessibility walk (issue 28,
 * decision 056): HTML_CodeSniffer (the engine pa11y runs, WCAG2AA, errors only) on the page as it
 * is in the browser, and html-validate on the HTML the server sent for it (what a crawler or a
 * visitor without JavaScript gets).
 */

// ---------------------------------------------------------------------------------------------
// html-validate

/**
 * html-validate's recommended preset, less five style rules that report markup the HTML Standard
 * defines as conforming and that React's server renderer writes (html-validate's own `prettier`
 * and `browser` presets turn the same rules off). Every other rule of the preset stays an error.
 */
export const htmlValidateConfig: ConfigData = {
  extends: ["html-validate:recommended"],
  rules: {
    // `<meta … />`: on void elements the "/" "is unnecessary and has no effect" (HTML §13.1.2.1); React writes it.
    "void-style": "off",
    // `hrefLang`, `autoComplete`: attribute names may use any mix of case (HTML §13.1.2.3); other rules still read them.
    "attr-case": "off",
    // React's useId ids (`_R_93b5_`) start with "_": HTML (§3.2.6) asks only for non-empty, no whitespace, unique, which relaxed mode keeps.
    "valid-id": ["error", { relaxed: true }],
    // `novalidate=""`: a boolean attribute's value may be the empty string (HTML §2.3.2); React writes it.
    "attribute-boolean-style": "off",
    // `hidden=""`: the empty string is a keyword of the Hidden state (HTML §6.1); React writes it.
    "attribute-empty-style": "off",
    // Tables shown as stacked cards on phones (.stack-table, app.css) keep explicit table roles on purpose:
    // display:block drops the implied ones in some screen readers.
    "no-redundant-role": ["error", { exclude: ["table", "rowgroup", "row", "columnheader", "rowheader", "cell"] }],
    // A group of checkboxes shares one name (the slot series' weekdays): HTML submits every checked one (§4.10.21.4).
    "form-dup-name": ["error", { shared: ["radio", "button", "reset", "submit", "checkbox"] }],
  },
};

const htmlValidate = new HtmlValidate(htmlValidateConfig);

/** html-validate's errors for one HTML document, one readable line each. */
export async function htmlValidateErrors(html: string): Promise<string[]> {
  const report = await htmlValidate.validateString(html, "page.html");
  return report.results.flatMap((result) =>
    result.messages
      .filter((message) => message.severity === 2)
      .map((message) => `  html-validate ${message.ruleId} ${message.selector ?? `line ${message.line}`} — ${message.message}`),
  );
}

/** The last HTML document each page loaded (following redirects), and those already checked. */
const documents = new WeakMap<Page, Response>();
const checkedDocuments = new WeakSet<Response>();

/** Keeps the HTML document of each full page load of `page`, for {@link serverHtmlErrors}. */
export function watchDocuments(page: Page): void {
  page.on("response", (response) => {
    const request = response.request();
    if (!request.isNavigationRequest() || response.frame() !== page.mainFrame()) return;
    if (response.status() >= 300 && response.status() < 400) return;
    if (!response.headers()["content-type"]?.startsWith("text/html")) return;
    documents.set(page, response);
  });
}

/**
 * html-validate on the server's HTML of the page's last full load, once per load (states of the
 * same page change only what scripts did, which HTML_CodeSniffer and axe see).
 */
export async function serverHtmlErrors(page: Page): Promise<string[]> {
  const response = documents.get(page);
  if (!response || checkedDocuments.has(response)) return [];
  checkedDocuments.add(response);
  return htmlValidateErrors(await response.text());
}

// ---------------------------------------------------------------------------------------------
// HTML_CodeSniffer

/**
 * The built HTML_CodeSniffer of @pa11y/html_codesniffer, the fork pa11y 9 and 10 run (the
 * original html_codesniffer 2.5.1 has had no release since 2021). Wrapped so its UMD header
 * always takes the browser branch and puts HTMLCS on window. Evaluated through the DevTools
 * protocol, as axe is, so the page's Content-Security-Policy does not apply to it.
 */
const htmlcsSource = `(function () { var define, exports, module; ${readFileSync(createRequire(import.meta.url).resolve("@pa11y/html_codesniffer/build/HTMLCS.js"), "utf8")}\n}).call(window);`;

/**
 * H98 (WCAG 1.3.5) calls `autocomplete="username"` on `type=email` invalid: it cites HTML 5.2's
 * "E-mail" control group. The HTML Standard allows it since 2020 (whatwg/html#5881 renamed the
 * group "Username"), axe accepts it, and it is what password managers read on our sign-in forms.
 * Only this exact pairing is set aside; every other H98 error still fails.
 */
const setAside = (code: string, element: { type: string; autocomplete: string } | null) =>
  code.endsWith(".H98") && element?.type === "email" && element.autocomplete.split(/\s+/).includes("username");

/** HTML_CodeSniffer's WCAG2AA errors on the page as it is now, one readable line each. */
export async function codeSnifferErrors(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { HTMLCS?: unknown }).HTMLCS === "object");
  if (!loaded) await page.evaluate(htmlcsSource);
  const messages = await page.evaluate(
    () =>
      new Promise<{ code: string; msg: string; where: string; input: { type: string; autocomplete: string } | null }[]>((resolve, reject) => {
        interface Message {
          type: number;
          code: string;
          msg: string;
          element: Element;
        }
        const htmlcs = (
          window as unknown as {
            HTMLCS: {
              ERROR: number;
              process(standard: string, content: Document, done: () => void, failed: () => void, lang: string): void;
              getMessages(): Message[];
            };
          }
        ).HTMLCS;
        htmlcs.process(
          "WCAG2AA",
          document,
          () =>
            resolve(
              htmlcs
                .getMessages()
                .filter((message) => message.type === htmlcs.ERROR)
                .map((message) => ({
                  code: message.code,
                  msg: message.msg,
                  where: ((element: unknown) => {
                    // No named helper in here: a bundler's name-keeping wrapper would not exist in the page.
                    if (!(element instanceof Element)) return "document";
                    const path: string[] = [];
                    for (let node: Element | null = element; node && node !== document.documentElement && path.length < 5; node = node.parentElement) {
                      if (node.id) {
                        path.unshift(`#${node.id}`);
                        break;
                      }
                      const tag = node.tagName;
                      const siblings = node.parentElement ? Array.from(node.parentElement.children).filter((child) => child.tagName === tag) : [];
                      path.unshift(siblings.length > 1 ? `${tag.toLowerCase()}:nth-of-type(${siblings.indexOf(node) + 1})` : tag.toLowerCase());
                    }
                    return `${path.join(" > ")} ${element.outerHTML.slice(0, 120)}`;
                  })(message.element),
                  input:
                    message.element instanceof HTMLInputElement
                      ? { type: message.element.type, autocomplete: message.element.autocomplete || message.element.getAttribute("autocomplete") || "" }
                      : null,
                })),
            ),
          () => reject(new Error("HTML_CodeSniffer could not run")),
          "en",
        );
      }),
  );
  return messages.filter((message) => !setAside(message.code, message.input)).map((message) => `  htmlcs ${message.code} ${message.where} — ${message.msg}`);
}
