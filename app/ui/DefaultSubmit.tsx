/**
 * The form's primary action for Enter (issue 42, step 12). A browser submits a form on Enter with
 * its first submit button in document order; in the enrolment forms that was "Apply code", which
 * sits above "Enrol". This button comes first, says what Enter does (`name`/`value` as the primary
 * button's), and is out of sight, out of the tab order and out of the accessibility tree: the
 * visible primary button stays the one people see and reach. Not `hidden`/`display: none`, which
 * some browsers skip for implicit submission. Scripts that look for a form's submit button skip it
 * (`data-default-submit`, app/enhance/json-forms.ts).
 */
export function DefaultSubmit({ label, name, value }: { label: string; name?: string; value?: string }) {
  return (
    <button type="submit" name={name} value={value} tabIndex={-1} aria-hidden="true" data-default-submit="" className="sr-only">
      {label}
    </button>
  );
}
