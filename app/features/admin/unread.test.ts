import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { markSeen, unreadAreaOf, unreadCounts } from "./unread.server";

describe("unread counts in the staff sidebar", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const sendContact = (email: string) => server.request("POST", "/contact-us/form", { json: { email, description: "A question." } });

  it("counts what arrived since each staff member last opened the list", async () => {
    const first = await server.signIn("admin");
    const second = await server.signIn("admin");
    const before = (await unreadCounts(server.db, first.user.id)).contact ?? 0;
    expect((await sendContact("one@example.com")).status).toBe(201);
    expect((await unreadCounts(server.db, first.user.id)).contact).toBe(before + 1);

    await markSeen(server.db, first.user.id, "contact");
    expect((await unreadCounts(server.db, first.user.id)).contact).toBeUndefined();
    // Another staff member has not read it yet.
    expect((await unreadCounts(server.db, second.user.id)).contact).toBe(before + 1);

    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await sendContact("two@example.com")).status).toBe(201);
    expect((await unreadCounts(server.db, first.user.id)).contact).toBe(1);
    // The list being opened is left out: it is read by being opened.
    expect((await unreadCounts(server.db, first.user.id, "contact")).contact).toBeUndefined();
  });

  it("knows which list a staff page belongs to, in either language", () => {
    expect(unreadAreaOf("/admin/submissions/contact")).toBe("contact");
    expect(unreadAreaOf("/ar/admin/submissions/school/12")).toBe("school");
    expect(unreadAreaOf("/admin/slots")).toBe("slots");
    expect(unreadAreaOf("/admin/submissions/contactx")).toBeUndefined();
    expect(unreadAreaOf("/admin")).toBeUndefined();
  });
});
