/**
 * JSON for an inline <script type="application/ld+json">. `<`, `>` and `&` become \u escapes so
 * that no text in the data (a post title such as "</script><script>...") can end the script
 * element; the JSON means the same. U+2028/2029 are escaped for older JSON-in-JS readers.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
