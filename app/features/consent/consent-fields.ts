/** A consent form's field in an enrolment post: `consent_<version id>` or one of its parts (`_allergies`, `_name1`…). */
export const CONSENT_FIELD = /^consent_\d{1,9}(?:_[a-z0-9]{1,12})?$/;

/** The consent forms' posted fields, for an enrolment's JSON body (page actions pick their fields by name). */
export function consentFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => CONSENT_FIELD.test(name)).slice(0, 60));
}
