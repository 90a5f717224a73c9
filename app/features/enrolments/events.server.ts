import type { Trx } from "~server/db/db";
import type { DomainSubscriber } from "~server/feature-manifest";
import type { PricedEnrolment } from "~/features/billing/index.server";
import type { Enrolment, EnrolmentState } from "./model";

/** Why an enrolment ended: its new state follows (dropped → dropped, expired → expired, else cancelled). */
export type EndReason = "dropped" | "expired" | "sectionCancelled" | "erased";

/**
 * What happens to an enrolment, emitted inside the command's transaction (decision 100). Subscribers
 * (feature manifests' `subscribers`) do their part in that same transaction: billing issues or voids
 * the invoice, discounts reserve or give back a code's use, sections offer a freed seat to the line
 * and send the confirmation. A subscriber that throws rolls the whole command back.
 */
export type EnrolmentEvent =
  /** `price`: as discounts priced it (its code's use reserved); null: staff's or a waitlist's, at the list price. */
  | { type: "EnrolmentCreated"; enrolment: Enrolment; price: PricedEnrolment | null }
  /** The payment came (online or at the desk): a held seat is the family's; `late`: after its hold had run out. */
  | { type: "EnrolmentConfirmed"; enrolment: Enrolment; via: "online" | "desk"; late: boolean }
  /**
   * `paidNothing`: no payment was ever recorded on its invoices (a promo use goes back then).
   * `seatTaken`: the group's counter still counts its seat (false when the whole group was cancelled).
   * `at`: the command's clock (the hold sweep's, which tests move forward).
   */
  | {
      type: "EnrolmentEnded";
      enrolment: Enrolment;
      from: EnrolmentState;
      reason: EndReason;
      note: string;
      paidNothing: boolean;
      seatTaken: boolean;
      at: string;
    }
  | { type: "EnrolmentMoved"; enrolment: Enrolment; fromSectionId: number; toSectionId: number }
  /** The family's personal data was replaced (account erasure); its invoices stay as records. */
  | { type: "EnrolmentErased"; enrolment: Enrolment };

export type EnrolmentEventType = EnrolmentEvent["type"];
type Handlers = { [K in EnrolmentEventType]?: (trx: Trx, event: Extract<EnrolmentEvent, { type: K }>) => Promise<void> };

const TOPIC = "enrolment";

/** A feature's subscriber to enrolment events, for its manifest's `subscribers`. */
export function onEnrolment(name: string, handlers: Handlers): DomainSubscriber<EnrolmentEvent> {
  return {
    name,
    topic: TOPIC,
    async handle(trx, event) {
      const handler = handlers[event.type] as ((trx: Trx, event: EnrolmentEvent) => Promise<void>) | undefined;
      await handler?.(trx, event);
    },
  };
}

// Kept on globalThis, not in this module: the production server holds two copies of this module
// (the Express server's build and React Router's page build, whose actions enrol too), and both
// must hand events to the subscribers the registry (server/features.ts) registered once.
const REGISTRY = Symbol.for("stem-academy.enrolment-subscribers");
const holder = globalThis as { [REGISTRY]?: readonly DomainSubscriber[] };

/** Called once by the registry (server/features.ts) with every feature's subscribers, in its order. */
export function registerEnrolmentSubscribers(all: readonly DomainSubscriber[]): void {
  holder[REGISTRY] = all.filter((subscriber) => subscriber.topic === TOPIC);
}

/**
 * Hands an event to every subscriber, in the caller's transaction. Refuses to run before the registry
 * registered them: an enrolment ended without its invoice voided is worse than an error.
 */
export async function emit(trx: Trx, event: EnrolmentEvent): Promise<void> {
  const subscribers = holder[REGISTRY];
  if (!subscribers) throw new Error("enrolment subscribers are not registered (server/features.ts registers them)");
  for (const subscriber of subscribers) await subscriber.handle(trx, event);
}
