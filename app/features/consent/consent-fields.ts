import type { ConsentKind } from "~server/db/schema";

/** A form as a parent is asked it: its current version, in one language. */
export interface ConsentFormView {
  formId: number;
  versionId: number;
  version: number;
  kind: ConsentKind;
  required: boolean;
  title: string;
  body: string;
}

/** How many pickup people one answer may name (the form shows this many rows). */
export const PICKUP_ROWS = 3;

/** The name of a form's field in the enrolment form: `consent_<version id>` and its parts (decision 078). */
export const consentField = (versionId: number, part?: string) => (part ? `consent_${versionId}_${part}` : `consent_${versionId}`);

/** A consent form's field in an enrolment post: `consent_<version id>` or one of its parts (`_allergies`, `_name1`…). */
export const CONSENT_FIELD = /^consent_\d{1,9}(?:_[a-z0-9]{1,12})?$/;

/** The consent forms' posted fields, for an enrolment's JSON body (page actions pick their fields by name). */
export function consentFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([name]) => CONSENT_FIELD.test(name))
      .slice(0, 60),
  );
}
