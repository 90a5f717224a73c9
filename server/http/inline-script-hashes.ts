import { createHash } from "node:crypto";

/** Script types a browser runs; JSON-LD and other data blocks are not subject to script-src. */
const RUNNABLE = /^(?:|module|text\/javascript|application\/javascript)$/i;

/**
 * Turns a page rendered with a per-response nonce into bytes every visitor can share: the nonce
 * is taken out, and the CSP names each inline script by its SHA-256 instead. Only scripts the
 * server rendered are in the stored bytes, so only they get a hash; anything injected later by a
 * browser extension or an attacker still fails the policy.
 */
export function shareableHtml(html: string, nonce: string): { html: string; hashes: string[] } {
  const shared = nonce ? html.replaceAll(` nonce="${nonce}"`, "").replaceAll(nonce, "") : html;
  const hashes = new Set<string>();
  for (const match of shared.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1] ?? "";
    if (!RUNNABLE.test(type.trim())) continue;
    hashes.add(
      createHash("sha256")
        .update(match[2] ?? "", "utf8")
        .digest("base64"),
    );
  }
  return { html: shared, hashes: [...hashes] };
}

/** The response's CSP with its nonce source replaced by the hashes of the page's inline scripts. */
export function hashPolicy(policy: string, hashes: readonly string[]): string {
  const sources = hashes.map((hash) => `'sha256-${hash}'`).join(" ");
  return policy.replace(/\s*'nonce-[^']*'/g, sources ? ` ${sources}` : "");
}
