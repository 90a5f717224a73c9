import { randomBytes } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, type APIRequestContext } from "./fixtures";
import { freestGroup } from "./enrol-flow";

/**
 * A family's invoice paid in full at the desk, in the e2e server's database (decision 092). The
 * desk payment screen is another branch's; until it is joined, the payment row and its ledger entry
 * are written here exactly as ledger.server.ts recordPayment writes them.
 */
export async function deskPaidInvoice(
  request: APIRequestContext,
  lang: "en" | "ar",
): Promise<{ paymentId: number; invoiceId: number; number: string; totalMinor: number; reference: string }> {
  const api = (await (await request.get("/api/courses/robotics-fundamentals/sections")).json()) as {
    sections: { id: number; minAge: number; seatsLeft: number }[];
  };
  const section = freestGroup(api.sections);
  const email = `refund-${lang}-${randomBytes(4).toString("hex")}@example.com`;
  const made = await request.post(`/api/sections/${section.id}/enrolments`, {
    data: { childName: lang === "ar" ? "ليلى حسن" : "Zara Khan", childAge: section.minAge, parentName: "Sana Khan", email, phone: "9876543210" },
    headers: { "accept-language": lang },
  });
  expect(made.status()).toBe(201);
  const { reference } = (await made.json()) as { reference: string };
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "app.db"));
  try {
    const invoice = db
      .prepare(
        "select i.id, i.number, i.total_minor, i.family_key, i.currency from invoices i join section_enrolments e on e.id = i.enrolment_id where e.reference = ?",
      )
      .get(reference) as { id: number; number: string; total_minor: number; family_key: string; currency: string };
    const at = new Date().toISOString();
    const payment = db
      .prepare(
        "insert into payments (invoice_id, family_key, currency, kind, method, amount_minor, reference, received_at, created_at) values (?, ?, ?, 'payment', 'cash', ?, 'walk', ?, ?) returning id",
      )
      .get(invoice.id, invoice.family_key, invoice.currency, invoice.total_minor, at, at) as { id: number };
    db.prepare(
      "insert into ledger_entries (family_key, currency, invoice_id, kind, amount_minor, payment_id, created_at) values (?, ?, ?, 'payment', ?, ?, ?)",
    ).run(invoice.family_key, invoice.currency, invoice.id, -invoice.total_minor, payment.id, at);
    db.prepare("update invoices set status = 'paid', updated_at = ? where id = ?").run(at, invoice.id);
    return { paymentId: payment.id, invoiceId: invoice.id, number: invoice.number, totalMinor: invoice.total_minor, reference };
  } finally {
    db.close();
  }
}
