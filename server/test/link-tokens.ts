import { linkToken } from "~/features/booking/link-tokens.server";
import type { TestServer } from "./harness";

/** A booking's cancel/reschedule link token, as its e-mails carry it (the database keeps none). */
export async function bookingLink(server: TestServer, where: { reference: string } | { id: number }): Promise<string> {
  const query = server.db.selectFrom("demo_bookings").select(["id", "reference"]);
  const row = await ("reference" in where ? query.where("reference", "=", where.reference) : query.where("id", "=", where.id)).executeTakeFirstOrThrow();
  return linkToken(server.config.sessionSecret, "booking", row);
}

/** A waitlist entry's link token, as its e-mails carry it. */
export async function waitlistLink(server: TestServer, id: number): Promise<string> {
  const row = await server.db.selectFrom("slot_waitlist").select(["id", "created_at"]).where("id", "=", id).executeTakeFirstOrThrow();
  return linkToken(server.config.sessionSecret, "waitlist", row);
}
