// Characters XML 1.0 forbids even when escaped (control characters, lone surrogates, U+FFFE/F).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const invalidXml = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text or attribute value made safe for XML: escaped, and stripped of characters XML cannot hold. */
export function escapeXml(text: string): string {
  return text.replace(invalidXml, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}
