import type { TFunction } from "i18next";

/**
 * A page section field's label from the shared vocabulary of parts (`mentorsTitle` → "Expert
 * mentors card · Title"): the page editor and the revisions page name fields the same way.
 */
export function sectionFieldLabel(t: TFunction<"admin-content">, name: string): string {
  const part = /^(.+?)(Title|Text|Value)$/.exec(name);
  if (part && t(`pageText.parts.${part[1]}` as never, { defaultValue: "" }))
    return `${t(`pageText.parts.${part[1]}` as never)} · ${t(`pageText.fields.${part[2]!.toLowerCase()}` as never)}`;
  return t(`pageText.fields.${name}` as never);
}
