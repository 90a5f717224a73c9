import { describe, expect, it } from "vitest";
import { detailsTable, textMail, escapeHtml, html, joinHtml, mailDocument } from "./html";

const hostile = `<script>alert("x")</script> & 'quoted'`;
const escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;";

describe("mail HTML, escaped by construction (decision 053)", () => {
  it("escapes every interpolated text and number, in text and in attributes", () => {
    expect(escapeHtml(hostile)).toBe(escaped);
    expect(html`<p title="${hostile}">${hostile} ${42}</p>`.toString()).toBe(`<p title="${escaped}">${escaped} 42</p>`);
    expect(html`<a href="${'https://x.test/?a=1&b="2"'}">x</a>`.markup).toBe('<a href="https://x.test/?a=1&amp;b=&quot;2&quot;">x</a>');
  });

  it("keeps markup made by html as it is, once (no double escaping), and joins lists", () => {
    const item = html`<b>${"a&b"}</b>`;
    expect(html`<p>${item}</p>`.markup).toBe("<p><b>a&amp;b</b></p>");
    expect(html`<ul>${["1", "<2>"].map((n) => html`<li>${n}</li>`)}</ul>`.markup).toBe("<ul><li>1</li><li>&lt;2&gt;</li></ul>");
    expect(joinHtml([html`<p>${"a"}</p>`, html`<p>${"<b>"}</p>`], "\n").markup).toBe("<p>a</p>\n<p>&lt;b&gt;</p>");
  });

  it("lays out a document in the reader's language and direction, as the e-mails did before", () => {
    expect(mailDocument("ar", html`<p>${"مرحبا"}</p>`)).toBe(
      '<!doctype html><html lang="ar" dir="rtl"><body style="font-family:sans-serif;color:#0f172a">\n<p>مرحبا</p>\n</body></html>',
    );
    expect(mailDocument("en", html``)).toContain('<html lang="en" dir="ltr">');
  });

  it("builds the details table with named sides and left-to-right isolated values", () => {
    expect(
      detailsTable(
        [
          ["Name", "<Sara>"],
          ["Phone", "+91 98765", true],
        ],
        "ar",
      ).markup,
    ).toBe(
      '<table cellpadding="4"><tr><th align="right">Name</th><td align="right">&lt;Sara&gt;</td></tr>' +
        '<tr><th align="right">Phone</th><td align="right"><span dir="ltr" style="unicode-bidi:isolate">+91 98765</span></td></tr></table>',
    );
    expect(detailsTable([["a", "b"]], "en").markup).toBe('<table cellpadding="4"><tr><th align="left">a</th><td align="left">b</td></tr></table>');
  });

  it("gives a text-only mail its HTML part: each language in a block with lang and dir, paragraphs, line breaks, isolated links, escaped text", () => {
    const mail = textMail([
      { lang: "en", text: "Hello <Sara>,\n\nOpen:\nhttps://x.test/a?b=1&c=2\n\nThanks" },
      { lang: "ar", text: "مرحبًا،\n\nافتحوا الرابط: https://x.test/ar" },
    ]);
    expect(mail.text).toBe("Hello <Sara>,\n\nOpen:\nhttps://x.test/a?b=1&c=2\n\nThanks\n\n----\n\nمرحبًا،\n\nافتحوا الرابط: https://x.test/ar");
    expect(mail.lang).toBe("en");
    expect(mailDocument(mail.lang, mail.html)).toContain('<html lang="en" dir="ltr">');
    expect(mail.html.markup).toContain(
      '<div lang="en" dir="ltr"><p>Hello &lt;Sara&gt;,</p><p>Open:<br><a href="https://x.test/a?b=1&amp;c=2" dir="ltr" style="unicode-bidi:isolate">https://x.test/a?b=1&amp;c=2</a></p><p>Thanks</p></div>',
    );
    expect(mail.html.markup).toContain(
      '<div lang="ar" dir="rtl"><p>مرحبًا،</p><p>افتحوا الرابط: <a href="https://x.test/ar" dir="ltr" style="unicode-bidi:isolate">https://x.test/ar</a></p></div>',
    );
    const arabic = textMail([{ lang: "ar", text: "نص" }]);
    expect(mailDocument(arabic.lang, arabic.html)).toContain('<html lang="ar" dir="rtl">');
  });
});
