import { safeUrl } from "~/lib/safe-url";
import { headingRank, normalizeBlocks } from "./content-blocks";
import { imageSizes, responsiveImage } from "~/lib/responsive-image";

/**
 * Renders stored content blocks (JSON text, a parsed array, or normalized blocks) as text through
 * React only: no raw HTML, and images only from http(s) or the site's own folders. An image block
 * without alt text takes the media library's (`libraryAlts`, by image URL), if it has one.
 */
export function ContentBlocks({ blocks, className, libraryAlts }: { blocks: unknown; className?: string; libraryAlts?: Record<string, string> }) {
  const list = normalizeBlocks(blocks);
  return (
    <div className={className ?? "space-y-5 text-lg leading-8 text-slate-800"}>
      {list.map((block, index) => {
        switch (block.type) {
          case "paragraph":
            return <p key={index}>{block.value}</p>;
          case "heading": {
            const Tag = `h${headingRank(block.level, list)}` as const;
            return (
              <Tag key={index} className="pt-4 text-2xl font-bold text-slate-900">
                {block.value}
              </Tag>
            );
          }
          case "image": {
            const src = safeUrl(block.value);
            if (!src) return null;
            return (
              <figure key={index} className="my-6">
                <img
                  src={src}
                  {...responsiveImage(src, imageSizes.main)}
                  alt={block.alt || (libraryAlts && Object.hasOwn(libraryAlts, block.value) ? libraryAlts[block.value] : "")}
                  loading="lazy"
                  className="w-full rounded-xl border border-slate-200"
                />
                {block.alt ? <figcaption className="mt-2 text-center text-sm text-slate-600">{block.alt}</figcaption> : null}
              </figure>
            );
          }
          case "list":
            return (
              <ul key={index} className="list-disc space-y-2 ps-6">
                {block.items.map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </ul>
            );
          case "quote":
            return (
              <blockquote key={index} className="border-s-4 border-indigo-400 bg-indigo-50 px-5 py-3 italic text-slate-800">
                <p>{block.value}</p>
              </blockquote>
            );
          case "code":
            // Code reads left to right in both languages.
            return (
              <pre key={index} dir="ltr" className="overflow-x-auto rounded-xl bg-slate-900 p-4 text-left text-sm leading-6 text-slate-100">
                <code>{block.value}</code>
              </pre>
            );
          default:
            return null;
        }
      })}
    </div>
  );
}
