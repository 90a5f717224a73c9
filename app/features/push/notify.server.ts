import type { DB } from "~server/db/db";
import { queueMessage, runAutomation, type AutomationKey, type MessageLink } from "~/features/messaging/index.server";
import type { PushCategory } from "./categories";
import { queuePush } from "./push.server";

/** One event for a family, told on every channel but e-mail (each event keeps its own typed e-mail). */
export interface FamilyNotice {
  /** Unique per event ("absence:12"); each channel adds the guardian's key, so one event reaches each guardian once. */
  event: string;
  email: string;
  /** The messaging template (issue 43): its words are the WhatsApp or SMS message and the notification's body alike. */
  template: string;
  /** A value known in both languages twice: course_en, course_ar. */
  params: Record<string, string>;
  /** Site links built when sent (a pay link needs the public URL and a signing secret). */
  links?: Record<string, MessageLink>;
  /** The event has its own e-mail: the message goes only on WhatsApp or SMS (decision 127). */
  ownMail?: boolean;
  /**
   * The message is an automation's (decision 140): staff switch it, its throttle and audit hold.
   * The notification does not depend on it: a guardian's own push choice is theirs.
   */
  automation?: { key: AutomationKey; subjectId: number };
  /** The notification's category (the guardian's choice) and the page it opens; null: none (news and offers go by their opt-in only). */
  push: { category: PushCategory; url: string } | null;
}

/**
 * Tells the family of an event (decision 143): the WhatsApp/SMS message (queueMessage, or the
 * event's automation) and the push notification to each guardian who chose that category, both
 * in the caller's transaction and from the same template. Each channel's row is UNIQUE per event
 * and guardian, so two instances or a retried request tell each guardian once. Returns what this
 * call stored.
 */
export async function notifyFamily(trx: DB, notice: FamilyNotice): Promise<{ messaged: boolean; pushed: boolean }> {
  const { event, email, template, params, links } = notice;
  const messaged = notice.automation
    ? (await runAutomation(trx, notice.automation.key, { event, subjectId: notice.automation.subjectId, email, params, links })) === "sent"
    : await queueMessage(trx, { event, email, template, params, links, ownMail: notice.ownMail });
  // An automation's event is named within it ("invoice:12" is also the invoice issued): its key says whose, as its message's does.
  const pushEvent = notice.automation ? `automation:${notice.automation.key}:${event}` : event;
  const pushed = notice.push
    ? await queuePush(trx, { event: pushEvent, email, category: notice.push.category, template, params, links, url: notice.push.url })
    : false;
  return { messaged, pushed };
}
