import { mailedToken } from "~server/security/one-time-links";
import { PASSWORD_LINK_MAIL } from "./password-reset.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_CLIENT, RESET_MAILS_PER_ACCOUNT, RESET_REQUESTS_PER_CLIENT } from "./account-limits";
import { createUser } from "./accounts.server";

/**
 * Nobody can lock a named person out (issue 25, decision 045): another client's failed sign-ins and
 * reset requests for someone's e-mail do not stop that person, and guessing from many addresses
 * stays slow. Each client is an X-Forwarded-For address (the harness trusts one proxy).
 */
describe("one client cannot lock another out of an account", () => {
  let server: TestServer;
  const password = "Sunflower9";

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const account = async (name: string) => {
    const email = `${name}@example.com`;
    await createUser(server.db, { username: "Named Person", email, password, contactNumber: "9876543210" });
    return email;
  };
  const signIn = (email: string, pass: string, client: string) =>
    server.request("POST", "/login", { json: { email, password: pass }, headers: { "x-forwarded-for": client } });
  const forgot = (email: string, client: string) => server.request("POST", "/api/password/forgot", { json: { email }, headers: { "x-forwarded-for": client } });
  const resetMails = async (email: string) =>
    // In queue order: PostgreSQL returns rows the mail worker has updated in any order without it.
    (await server.db.selectFrom("jobs").select("payload").where("kind", "=", "mail").orderBy("id").execute())
      .map((job) => JSON.parse(job.payload) as { to: string; template?: string; data?: { purpose?: string; seed?: string } })
      // A reset mail keeps no link, only what rebuilds it when it is sent (decision 053).
      .filter((mail) => mail.to === email && mail.template === "password-link" && mail.data?.purpose === "reset");

  /** The link's token, rebuilt from the queued mail's seed as the mail worker rebuilds it. */
  const linkToken = (mail: { data?: { seed?: string } }) => mailedToken(server.config.sessionSecret, PASSWORD_LINK_MAIL, mail.data!.seed!);

  it("another client's failed sign-ins stop only that client; the owner signs in", async () => {
    const email = await account("signin.target");
    for (let i = 0; i < LOGIN_FAILURES_PER_CLIENT; i++) expect((await signIn(email, `guess-${i}`, "203.0.113.10")).status).toBe(401);
    const attacker = await signIn(email, password, "203.0.113.10");
    expect(attacker.status).toBe(429);
    expect(attacker.body.message).toBeTruthy();
    const owner = await signIn(email, password, "198.51.100.20");
    expect(owner.status).toBe(200);
    expect(owner.headers.get("set-cookie")).toMatch(/sid=/);
  });

  it("guessing from many clients is refused for everyone past the hourly limit, until the owner resets the password by e-mail", async () => {
    const email = await account("many.clients");
    const clients = LOGIN_FAILURES_PER_ACCOUNT / LOGIN_FAILURES_PER_CLIENT;
    for (let c = 0; c < clients; c++) {
      for (let i = 0; i < LOGIN_FAILURES_PER_CLIENT; i++) expect((await signIn(email, `guess-${c}-${i}`, `192.0.2.${c + 1}`)).status).toBe(401);
    }
    expect((await signIn(email, password, "198.51.100.30")).status).toBe(429);

    expect((await forgot(email, "198.51.100.30")).status).toBe(200);
    const link = linkToken((await resetMails(email)).at(-1)!);
    expect(
      (await server.request("POST", "/api/password/reset", { json: { token: link, password: "Marigold77" }, headers: { "x-forwarded-for": "198.51.100.30" } }))
        .status,
    ).toBe(200);
    expect((await signIn(email, "Marigold77", "198.51.100.30")).status).toBe(200);
  });

  it("another client's reset requests do not use up the owner's, and one mailbox gets at most the hourly number of reset e-mails", async () => {
    const email = await account("reset.target");
    const answers = [];
    for (let i = 0; i < RESET_REQUESTS_PER_CLIENT; i++) answers.push(await forgot(email, "203.0.113.40"));
    expect(answers.map((a) => a.status)).toEqual(Array(RESET_REQUESTS_PER_CLIENT).fill(200));
    expect((await forgot(email, "203.0.113.40")).status).toBe(429);

    // The owner's own request goes through and mails a link.
    const owner = await forgot(email, "198.51.100.50");
    expect(owner.status).toBe(200);
    expect(owner.body.message).toBe(answers[0]!.body.message);
    expect(await resetMails(email)).toHaveLength(RESET_REQUESTS_PER_CLIENT + 1);

    // Many more clients: the same answer each time, but no more e-mails than the hourly number.
    for (let c = 0; c < 6; c++) {
      const asked = await forgot(email, `192.0.2.${100 + c}`);
      expect(asked.status).toBe(200);
      expect(asked.body).toEqual(owner.body);
    }
    const mails = await resetMails(email);
    expect(mails).toHaveLength(RESET_MAILS_PER_ACCOUNT);
    // The last link sent still works: unsent requests replaced nothing.
    const last = linkToken(mails.at(-1)!);
    expect((await server.request("POST", "/api/password/reset", { json: { token: last, password: "Marigold77" } })).status).toBe(200);
  });
});
