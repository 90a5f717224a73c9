import type { Lang } from "~/i18n/lang";

/**
 * One model for every enrolment (decision 100): a course group's (`section_enrolments`) or a summer
 * camp's (`camp_enrolments`), told apart by the offer. Both tables are written only by this feature.
 */
export type OfferKind = "section" | "camp";

/** Which enrolment: the offer's kind and the enrolment's row id in that kind's table. */
export interface EnrolmentRef {
  offerKind: OfferKind;
  id: number;
}

/**
 * The lifecycle. `held`: a seat kept for an online payment until `holdUntil`; `enrolled`: the seat
 * is the family's (paid, or taken without an online payment); `expired`: the hold ran out unpaid;
 * `dropped`: the family or staff ended it; `cancelled`: the academy ended it (the group cancelled,
 * the account erased). A move keeps the state and changes the group.
 */
export type EnrolmentState = "held" | "enrolled" | "dropped" | "cancelled" | "expired";

export interface Enrolment extends EnrolmentRef {
  /** The course group's id, or the camp's. */
  offerId: number;
  reference: string | null;
  email: string;
  lang: Lang;
  childName: string;
  userId: number | null;
  state: EnrolmentState;
  holdUntil: string | null;
}

/**
 * The only transitions there are, checked in one place (`assertTransition`). `expired → enrolled`
 * is a payment arriving after its hold ran out while a seat is still free (confirmPayment's late case).
 */
const TRANSITIONS: Readonly<Record<EnrolmentState, readonly EnrolmentState[]>> = {
  held: ["enrolled", "expired", "dropped", "cancelled"],
  enrolled: ["dropped", "cancelled"],
  expired: ["enrolled"],
  dropped: [],
  cancelled: [],
};

export const canTransition = (from: EnrolmentState, to: EnrolmentState): boolean => TRANSITIONS[from].includes(to);

/** A transition the state machine does not allow: a programming error, never a family's. */
export class IllegalTransition extends Error {
  constructor(
    readonly from: EnrolmentState,
    readonly to: EnrolmentState,
  ) {
    super(`enrolment cannot go from ${from} to ${to}`);
  }
}

export function assertTransition(from: EnrolmentState, to: EnrolmentState): void {
  if (!canTransition(from, to)) throw new IllegalTransition(from, to);
}

/** Live: the enrolment keeps a seat (held or enrolled); only a live one may move. */
export const isLive = (state: EnrolmentState): boolean => state === "held" || state === "enrolled";

/**
 * A course-group row's state. The table keeps `status` (enrolled, dropped, cancelled) and the hold's
 * time: an enrolled row with a hold is held; a cancelled one that kept its hold is one whose hold
 * ran out (the sweep keeps the time; every other cancel clears it).
 */
export function sectionStateOf(row: { status: "enrolled" | "dropped" | "cancelled"; payment_hold_until: string | null }): EnrolmentState {
  if (row.status === "enrolled") return row.payment_hold_until === null ? "enrolled" : "held";
  if (row.status === "dropped") return "dropped";
  return row.payment_hold_until === null ? "cancelled" : "expired";
}

/**
 * A camp row's state: camp enrolments have no hold and no drop yet; their `status` is staff's
 * follow-up (new, contacted, closed), not the lifecycle, so every one is enrolled (decision 100).
 */
export const campStateOf = (): EnrolmentState => "enrolled";
