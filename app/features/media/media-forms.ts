import type { MediaUse } from "./media.schema";

/** What a form of the page shows after its post: the server's answer, or the question before a delete. */
export interface MediaFormState {
  form: "upload" | "alt" | "delete";
  /** The image the form belongs to (none for the upload). */
  id?: number;
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
  /** A delete not yet confirmed. */
  ask?: true;
  usedBy?: MediaUse[];
}

export const isMediaFormState = (value: unknown): value is MediaFormState => typeof value === "object" && value !== null && "form" in value;
