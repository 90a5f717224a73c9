/**
 * A camp enrolment row as the camp's enrol inserts it (every column but the id), for the migration
 * tests that write the table directly. `n` makes its e-mail and reference unique.
 */
export function campEnrolmentRow(n: number, at = new Date().toISOString()) {
  return {
    student_name: "Noor",
    parent_name: "Sara",
    email: `family${n}@example.com`,
    phone_number: "+971501234567",
    camp_id: 1,
    camp_slug: "junior",
    camp_title: "Junior Camp",
    session: "1 July - 20th July",
    message: "",
    lang: "en" as const,
    status: "new" as const,
    notes: "",
    reference: `reference-${n}-0123456789`,
    created_at: at,
    updated_at: at,
  };
}
