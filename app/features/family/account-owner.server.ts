import { sql } from "kysely";
import type { DB } from "~server/db/db";
import { defineEndpoint, type AnyAnswer, type Endpoint, type EndpointAnswer, type EndpointDeclaration, type EndpointDeps } from "~server/http/endpoint";
import { data, type AppLoadContext } from "react-router";
import { HttpError, isHttpError } from "~server/http/errors";
import { requireAccountPage } from "~/lib/page-guards.server";
import { serverT } from "~server/i18n";
import { langFromPath, type Lang } from "~/i18n/lang";
import type { z } from "zod";
import { mayUse, type FamilyPart, type FamilyRole } from "./family-parts";
import { existingAccount, ownAccount } from "~/features/accounts/queries.server";
import { guardianIdsOf, guardianLinkOf } from "~/features/guardians/queries.server";

/**
 * Which records are an account's (issue 17, decision 026; issue 39): those carrying the account's
 * id (made while signed in), or sent with the account's e-mail AND that e-mail has been proven
 * (users.email_verified_at, decision 013): registering someone else's address must never reveal
 * what they booked. This file is the ONE rule: every family document and record (PDFs, CSVs,
 * certificates, consent answers, attendance, invoices, feeds, the data export) is reached through
 * ownerOf + ownedBy (in SQL) or owns (a row in hand). Nothing else may compare an account's e-mail.
 *
 * Guardians (issue 45 item 3, decision 139): an account that accepted a family's invitation is
 * resolved HERE to that family: its records are the primary guardian's (the account that invited),
 * with the role the invitation gave. Records made while signed in by any guardian of the family
 * count as the family's. An account with no guardian link is the primary of its own family, so
 * families without guardians are what they were.
 */
export interface Owner {
  /** The primary guardian's account: the family's records carry its id or proven e-mail. */
  id: number;
  /** The primary's e-mail when proven (lower-cased), else null (then only records carrying an id count). */
  provenEmail: string | null;
  /** Every account of the family (the primary and its guardians): records made while signed in by any of them. Unset: `[id]`. */
  members?: readonly number[];
}

/** The family of a signed-in account: its records' owner, the account's role in it, and the account itself. */
export interface Family extends Owner {
  members: readonly number[];
  role: FamilyRole;
  /** The signed-in account (the primary's id when it is the primary). */
  userId: number;
}

/**
 * The family an account belongs to: its own (as primary) unless it accepted an invitation. A
 * guardian whose primary is disabled reaches nothing of the family (read as a family of its own).
 */
export async function familyOf(db: DB, userId: number): Promise<Family> {
  const link = await guardianLinkOf(db, userId);
  const primaryId = link && !link.disabled ? link.family_user_id : userId;
  const primary = link && !link.disabled ? link : await existingAccount(db, userId);
  const guardians = await guardianIdsOf(db, primaryId);
  return {
    id: primaryId,
    provenEmail: provenEmailOf(primary),
    members: [primaryId, ...guardians],
    role: link && !link.disabled ? link.role : "primary",
    userId,
  };
}

/** The account's family, with the account itself (`row`: accounts' ownAccount, what its profile and erasure read; no password hash). */
export async function ownerOf(db: DB, userId: number): Promise<Family & { row: Awaited<ReturnType<typeof ownAccount>> }> {
  const [row, family] = await Promise.all([ownAccount(db, userId), familyOf(db, userId)]);
  return { ...family, row };
}

/** An account row's e-mail when proven (lower-cased), else null. */
export const provenEmailOf = (row: { email: string; email_verified_at: string | null }): string | null =>
  row.email_verified_at ? row.email.trim().toLowerCase() : null;

// E-mails of the forms are stored as typed; lower() on both sides makes "Sara@X" the same as "sara@x".
export const sameEmail = (column: string, email: string) => sql<boolean>`lower(${sql.ref(column)}) = ${email}`;

/** The accounts whose records are the owner's: the family's members, or the owner alone. */
const membersOf = (owner: Owner): readonly number[] => (owner.members && owner.members.length > 0 ? owner.members : [owner.id]);

const byMember = (column: string, owner: Owner) => {
  const ids = membersOf(owner);
  return ids.length === 1 ? sql<boolean>`${sql.ref(column)} = ${ids[0]}` : sql<boolean>`${sql.ref(column)} in (${sql.join(ids)})`;
};

/**
 * Rows the account holds: made while signed in (its id, or another guardian's of its family), or
 * sent with the family's proven e-mail. `emailColumn`: the row's e-mail (or family key) column, `email` unless named.
 */
export const ownedBy = (table: string, owner: Owner, emailColumn = "email") =>
  owner.provenEmail
    ? sql<boolean>`(${byMember(`${table}.user_id`, owner)} or ${sameEmail(`${table}.${emailColumn}`, owner.provenEmail)})`
    : byMember(`${table}.user_id`, owner);

/** The same rule for a row in hand (its account id and e-mail, either may be missing). */
export function owns(owner: Owner, record: { userId?: number | null; email?: string | null }): boolean {
  if (record.userId != null && membersOf(owner).includes(record.userId)) return true;
  return owner.provenEmail !== null && typeof record.email === "string" && record.email.trim().toLowerCase() === owner.provenEmail;
}

/** The refusal of a part the account's role does not open (403, in the caller's language). */
export const partRefused = (lang: Lang) => new HttpError(403, serverT(lang, "guardians", "api.notYourPart"));

/**
 * The one gate of the family's pages and endpoints: the caller's family when its role may use
 * `part` (FAMILY_PARTS), else a 403.
 */
export async function requireFamilyPart(db: DB, userId: number, part: FamilyPart, lang: Lang): Promise<Family> {
  const family = await familyOf(db, userId);
  if (!mayUse(family.role, part)) throw partRefused(lang);
  return family;
}

/**
 * A family endpoint: signed in, and the caller's role must open `part`, checked before the limits
 * and the input (so a refused guardian hears 403 whatever it sent). The part is declared on the
 * endpoint (`family`), so the access walk finds every family route and what it needs.
 */
export function familyEndpoint<
  S extends z.ZodType,
  P extends z.ZodType = z.ZodType<Record<string, never>>,
  R extends AnyAnswer = EndpointAnswer,
  L = undefined,
>(part: FamilyPart, endpoint: Omit<EndpointDeclaration<S, P, "signed-in", R, L>, "access">): Endpoint<S, P, R, L> {
  return defineEndpoint<S, P, "signed-in", R, L>({
    ...endpoint,
    access: "signed-in",
    family: { part, check: async (deps: EndpointDeps, caller) => void (await requireFamilyPart(deps.db, caller.user.id, part, caller.lang)) },
  });
}

/**
 * The same gate for a family page's loader or action: signed out, to the sign-in page and back
 * (requireAccountPage); signed in without the part, the page answers 403. Returns the account.
 */
export async function requireFamilyPage(context: AppLoadContext, request: Request, part: FamilyPart) {
  const user = requireAccountPage(context, request);
  try {
    await requireFamilyPart(context.db, user.id, part, langFromPath(new URL(request.url).pathname));
  } catch (error) {
    if (isHttpError(error)) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
  return user;
}
