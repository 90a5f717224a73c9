import type { AppDeps } from "~server/app";
import { nowIso, toDbJson } from "~server/db/values";
import { startTestServer, type TestServer } from "./harness";
import { messagingEnv, startTwilioStandIn, startWhatsAppStandIn, type TwilioStandIn, type WhatsAppStandIn } from "./messaging-stand-ins";
import { saveChoices } from "~/features/messaging/preferences.server";

/** A family's choices as saved on /account: each named channel or list granted, the others refused. */
export type Choices = Partial<Record<"whatsapp" | "sms" | "email" | "news", boolean>>;

/** The messaging tests' server: staff signed in, messages sent at any hour and not capped low. */
export interface MessagingFixture {
  server: TestServer;
  /** An administrator's headers (cookie and origin) for the staff routes. */
  staff: { cookie: string; origin: string };
  /** A number of its own for each family (a UAE mobile), so no two families share one. */
  nextPhone(): string;
  /** Saves `email`'s choices with a number of its own, in `lang` (`en` unless told). */
  choose(email: string, choices: Choices, lang?: "en" | "ar"): Promise<{ phone: string }>;
  /** Waits (bounded) until no due job of these kinds is queued or running; held and later jobs are left alone. */
  settle(kinds: readonly string[], seconds?: number): Promise<void>;
  close(): Promise<void>;
}

export interface WithStandIns {
  whatsapp: WhatsAppStandIn;
  twilio: TwilioStandIn;
}

interface Options {
  /** WhatsApp and Twilio stand-ins the server sends through (default); `false`: no provider set up. */
  standIns?: boolean;
  /** Site settings beside the quiet hours (none) and the daily cap (50). */
  settings?: Record<string, unknown>;
  pages?: AppDeps["pages"];
}

/**
 * Starts the test server the messaging tests share (issue 43): the providers' stand-ins, the site
 * settings that let a message go at once (no quiet hours, a daily cap of 50), an administrator
 * signed in; and the helpers each file wrote again (a family's choices, waiting for the jobs).
 */
export async function startMessagingServer(options: Options & { standIns: false }): Promise<MessagingFixture>;
export async function startMessagingServer(options?: Options): Promise<MessagingFixture & WithStandIns>;
export async function startMessagingServer(options: Options = {}): Promise<MessagingFixture & Partial<WithStandIns>> {
  const standIns = options.standIns === false ? undefined : { whatsapp: await startWhatsAppStandIn(), twilio: await startTwilioStandIn() };
  const server = await startTestServer(standIns ? messagingEnv(standIns.whatsapp, standIns.twilio) : {}, { pages: options.pages });
  standIns?.whatsapp.setAppUrl(server.url);
  standIns?.twilio.setAppUrl(server.url);
  const settings = { messagingQuietStart: 0, messagingQuietEnd: 0, messagingDailyCap: 50, ...options.settings };
  for (const [key, value] of Object.entries(settings))
    await server.db
      .insertInto("site_settings")
      .values({ key, value: toDbJson(value), updated_at: nowIso() })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: toDbJson(value) }))
      .execute();
  const admin = await server.signIn("admin");
  let sequence = 0;
  const nextPhone = () => {
    sequence += 1;
    return `97155${String(1_000_000 + sequence).slice(-7)}`;
  };
  return {
    ...standIns,
    server,
    staff: { cookie: admin.cookie, origin: server.url },
    nextPhone,
    async choose(email, choices, lang = "en") {
      const phone = nextPhone();
      const changes = (["whatsapp", "sms", "email", "news"] as const)
        .filter((choice) => choices[choice] !== undefined)
        .map((choice) => ({ choice, granted: choices[choice] === true, text: choice }));
      await saveChoices(server.db, email, { phone, lang, changes, source: "account" });
      return { phone };
    },
    async settle(kinds, seconds = 30) {
      const deadline = Date.now() + seconds * 1000;
      while (Date.now() < deadline) {
        const busy = await server.db
          .selectFrom("jobs")
          .select("id")
          .where("kind", "in", [...kinds])
          .where((eb) => eb.or([eb("status", "=", "running"), eb.and([eb("status", "=", "queued"), eb("run_at", "<=", new Date().toISOString())])]))
          .executeTakeFirst();
        if (!busy) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`jobs did not settle: ${kinds.join(", ")}`);
    },
    async close() {
      await server.close();
      await standIns?.whatsapp.stop();
      await standIns?.twilio.stop();
    },
  };
}
