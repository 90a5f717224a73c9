import type { Config } from "~server/config";
import { loadTwilio } from "~server/lazy/heavy-modules";

/**
 * The two outside channels (decision 127), each through its documented interface: WhatsApp through
 * Meta's Cloud API (`POST /{phone-number-id}/messages`, Bearer token, JSON) over fetch, SMS through
 * Twilio's official library (its Messages resource). Both answer the provider's message id, or
 * throw a ProviderError saying whether trying again may help (a 5xx, a 429, no answer) or not (the
 * number, the template or the account refused: the next channel should carry the message).
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/** A WhatsApp template message: the approved name, its language code and the named body parameters. */
export interface WhatsAppTemplate {
  name: string;
  language: string;
  params: Record<string, string>;
}

const TIMEOUT_MS = 15_000;

/** Sends one WhatsApp message: an approved template (outside the 24-hour window) or free text (inside it). */
export async function sendWhatsApp(
  config: NonNullable<Config["whatsapp"]>,
  to: string,
  content: { template: WhatsAppTemplate } | { text: string },
): Promise<string> {
  const body =
    "template" in content
      ? {
          messaging_product: "whatsapp",
          recipient_type: "individual",
          to,
          type: "template",
          template: {
            name: content.template.name,
            language: { code: content.template.language },
            // Named parameters, as the template was approved with them ({{child}}, {{date}}).
            components: [
              { type: "body", parameters: Object.entries(content.template.params).map(([name, text]) => ({ type: "text", parameter_name: name, text })) },
            ],
          },
        }
      : { messaging_product: "whatsapp", recipient_type: "individual", to, type: "text", text: { preview_url: false, body: content.text } };
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}/${config.phoneNumberId}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${config.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderError(`WhatsApp: no answer (${error instanceof Error ? error.message : String(error)})`, true);
  }
  const answer = (await response.json().catch(() => null)) as { messages?: { id?: unknown }[]; error?: { message?: unknown; code?: unknown } } | null;
  if (!response.ok) {
    const detail = typeof answer?.error?.message === "string" ? answer.error.message.slice(0, 200) : `HTTP ${response.status}`;
    throw new ProviderError(`WhatsApp: ${detail}`, response.status >= 500 || response.status === 429);
  }
  const id = answer?.messages?.[0]?.id;
  if (typeof id !== "string" || id.length === 0 || id.length > 200) throw new ProviderError("WhatsApp: the answer named no message id", true);
  return id;
}

/**
 * Twilio's library talks to api.twilio.com; with TWILIO_API_URL (the tests' stand-in) every request
 * goes to that host instead, through the library's own request client (its documented `httpClient` option).
 */
async function twilioClient(config: NonNullable<Config["twilio"]>) {
  const twilio = await loadTwilio();
  if (!config.apiUrl) return twilio(config.accountSid, config.authToken);
  const base = new URL(config.apiUrl);
  const inner = new twilio.RequestClient();
  const httpClient = Object.assign(Object.create(inner) as typeof inner, {
    request: (options: Parameters<typeof inner.request>[0]) => {
      const uri = new URL(options.uri);
      uri.protocol = base.protocol;
      uri.host = base.host;
      return inner.request({ ...options, uri: uri.href });
    },
  });
  return twilio(config.accountSid, config.authToken, { httpClient });
}

/** Sends one SMS through Twilio's Messages resource; delivery statuses come back to `statusCallback`. */
export async function sendSms(config: NonNullable<Config["twilio"]>, to: string, text: string, statusCallback: string): Promise<string> {
  const client = await twilioClient(config);
  const sender = config.from.startsWith("MG") ? { messagingServiceSid: config.from } : { from: config.from };
  try {
    const message = await client.messages.create({ to: `+${to}`, body: text, statusCallback, ...sender });
    return message.sid;
  } catch (error) {
    const status = typeof (error as { status?: unknown }).status === "number" ? (error as { status: number }).status : 0;
    const detail = error instanceof Error ? error.message.slice(0, 200) : String(error);
    // No HTTP status: the request never got an answer (network), worth another try.
    throw new ProviderError(`SMS: ${detail}`, status === 0 || status >= 500 || status === 429);
  }
}

/** Whether a Twilio webhook's signature (X-Twilio-Signature) is Twilio's, for that URL and those form fields (the library's check). */
export async function twilioSignatureValid(
  config: NonNullable<Config["twilio"]>,
  signature: string,
  url: string,
  params: Record<string, string>,
): Promise<boolean> {
  const twilio = await loadTwilio();
  return twilio.validateRequest(config.authToken, signature, url, params);
}
