import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startBenchServer, type BenchServer } from "~server/test/server-process";
import { startStripeStandIn, type StripeStandIn } from "~server/test/stripe-stand-in";

/**
 * Online payment in the browser (decision 085): the suite's own server runs as shipped, without
 * Stripe keys (every other walk keeps proving that default: enrolments confirmed at once, no
 * payment shown); this starts a second production server on the same build with STRIPE_* set and
 * pointed at the local Stripe stand-in (loopback only), on the lane's port + 1.
 */
export interface PaymentsServer {
  url: string;
  stripe: StripeStandIn;
  /** The server's data folder (its SQLite database), for scripts such as admin:create. */
  dataDir: string;
  stop: () => Promise<void>;
}

export async function startPaymentsServer(): Promise<PaymentsServer> {
  const port = Number(process.env.E2E_PORT ?? 3210) + 1;
  const stripe = await startStripeStandIn();
  let server: BenchServer;
  const dataDir = mkdtempSync(path.join(tmpdir(), "stem-payments-"));
  try {
    server = await startBenchServer(
      port,
      {
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
      { dataDir },
    );
  } catch (error) {
    await stripe.stop();
    throw error;
  }
  stripe.setWebhookUrl(`${server.url}/api/payments/stripe/webhook`);
  return {
    url: server.url,
    stripe,
    dataDir,
    stop: async () => {
      await server.stop();
      await stripe.stop();
    },
  };
}
