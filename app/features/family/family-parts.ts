import type { GuardianRole } from "~server/db/schema";

/**
 * Who in a family may use which part of it (issue 45 item 3, decision 139): the ONE table every
 * family page, endpoint and /account section asks (server side through requireFamilyPart and
 * familyEndpoint in account-owner.server.ts; pages through `mayUse` to leave out what a role cannot
 * open). The primary guardian is the account that holds the family's records; the others joined by
 * an invitation with a role.
 */
export type FamilyRole = "primary" | GuardianRole;

export const GUARDIAN_ROLES = ["parent", "payer", "pickup", "viewer"] as const satisfies readonly GuardianRole[];

export const FAMILY_PARTS = {
  /** Timetable, calendar feed, attendance, levels and skills, certificates, projects, bookings, saved children: read. */
  see: ["primary", "parent", "viewer"],
  /** Every change to the family's records: children, absences, make-ups, projects, bookings, the family's data export. */
  act: ["primary", "parent"],
  /** Invoices, credit notes, payments and refunds. */
  bill: ["primary", "parent", "payer"],
  /** Who collects the children: the pickup card (the children, their next classes, the collector's name and phone). */
  pickup: ["primary", "parent", "pickup"],
  /** The list of the family's guardians. */
  "guardians-list": ["primary", "parent"],
  /** Inviting and removing guardians: the primary guardian only. */
  guardians: ["primary"],
} as const satisfies Record<string, readonly FamilyRole[]>;

export type FamilyPart = keyof typeof FAMILY_PARTS;

/** Whether a family role may use a part. */
export const mayUse = (role: FamilyRole, part: FamilyPart): boolean => (FAMILY_PARTS[part] as readonly FamilyRole[]).includes(role);
