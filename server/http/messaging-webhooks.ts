import express, { Router, type Request, type Response } from "express";
import { messagingWebhooks } from "~server/features";
import type { EndpointDeps } from "./endpoint";

type Answer = Awaited<ReturnType<typeof messagingWebhooks.whatsappEvents>>;

const send = (res: Response, answer: Answer) => {
  res.set("Cache-Control", "no-store");
  if ("text" in answer) res.status(answer.status).type("text/plain").send(answer.text);
  else res.status(answer.status).json(answer.json);
};

/**
 * The messaging providers' webhooks (decision 127), written by hand here because each verifies a
 * signature over the exact bytes it was sent (Meta's X-Hub-Signature-256, Twilio's
 * X-Twilio-Signature over its form fields), which defineEndpoint's JSON transport does not keep.
 * Mounted before the JSON parser; each route reads its own body raw (256 kB at most).
 */
export function messagingWebhookRoutes(deps: EndpointDeps): Router {
  const router = Router();
  const raw = express.raw({ type: () => true, limit: "256kb" });
  const run = (work: (req: Request) => Promise<Answer> | Answer) => (req: Request, res: Response, next: (error: unknown) => void) => {
    Promise.resolve(work(req)).then((answer) => send(res, answer), next);
  };
  router.get(
    messagingWebhooks.WHATSAPP_WEBHOOK_PATH,
    run((req) => messagingWebhooks.whatsappHandshake(deps.config, req.query as Record<string, unknown>)),
  );
  router.post(
    messagingWebhooks.WHATSAPP_WEBHOOK_PATH,
    raw,
    run((req) => messagingWebhooks.whatsappEvents(deps, req.body, req.get("x-hub-signature-256"), req.get("content-type"))),
  );
  router.post(
    messagingWebhooks.SMS_WEBHOOK_PATH,
    raw,
    run((req) => messagingWebhooks.smsEvents(deps, req.body, req.get("x-twilio-signature"), req.get("content-type"))),
  );
  return router;
}
