import { useRootData } from "~/root";
import { jsonLdText } from "~/lib/seo/json-ld";

/** Structured data for search engines, with the page's CSP nonce. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useRootData()?.nonce;
  // The text is escaped by jsonLdText (no "<" survives), so it cannot close the element.
  return <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
