import { sql, type Kysely } from "kysely";
import { isPostgres } from "~server/db/db";
import { oneOf, withId } from "~server/db/portable";

/**
 * Passkeys and a second factor (issue 25, decision 046): passkeys per account, a TOTP secret
 * (encrypted) and hashed recovery codes per account, and the short-lived steps between two
 * requests of a ceremony (hashed tokens, like password resets). Sessions gain the kind `passkey`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("passkeys"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // base64url, as the browser names the credential.
    .addColumn("credential_id", "text", (c) => c.notNull().unique())
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("counter", "integer", (c) => c.notNull().defaultTo(0))
    // JSON list of the authenticator's transports (hints for the browser).
    .addColumn("transports", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("passkeys_user").on("passkeys").column("user_id").execute();

  await db.schema
    .createTable("totp_factors")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    // AES-256-GCM under a key derived from SESSION_SECRET: iv.tag.ciphertext, base64url.
    .addColumn("secret", "text", (c) => c.notNull())
    // Null while the set-up waits for its first code.
    .addColumn("enabled_at", "text")
    // The 30-second step of the last accepted code: a code is never taken twice.
    .addColumn("last_step", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("recovery_codes"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("recovery_codes_user").on("recovery_codes").column("user_id").execute();

  await db.schema
    .createTable("auth_steps")
    // SHA-256 of the cookie's random token.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("purpose", "text", (c) => c.notNull().check(oneOf("purpose", ["passkey-login", "passkey-register", "second-factor"])))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("challenge", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("auth_steps_expires").on("auth_steps").column("expires_at").execute();

  await changeKinds(db, "'password', 'google'", "'password', 'google', 'passkey'");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sessions where kind = 'passkey'`.execute(db);
  await changeKinds(db, "'password', 'google', 'passkey'", "'password', 'google'");
  for (const table of ["auth_steps", "recovery_codes", "totp_factors", "passkeys"]) await db.schema.dropTable(table).execute();
}

/** The sessions table's CHECK on `kind`, as 2026-11-24-30-editor-role.ts changes the users' role. */
async function changeKinds(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ name: string }>`
      select conname as name from pg_constraint
      where conrelid = 'sessions'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%kind%'`.execute(db);
    for (const { name } of rows) await sql`alter table sessions drop constraint ${sql.id(name)}`.execute(db);
    await sql.raw(`alter table sessions add constraint sessions_kind_check check (kind in (${to}))`).execute(db);
    return;
  }
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'sessions'`.execute(db);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'sessions' and sql is not null`.execute(db);
  const ddl = table.rows[0]!.sql;
  if (!ddl.includes(from)) throw new Error(`sessions.kind check not found: ${ddl}`);
  const rebuilt = ddl.replace(from, to).replace(/^create table ("sessions"|sessions)/i, 'create table "sessions_rebuilt"');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql.raw(rebuilt).execute(db);
    await sql`insert into sessions_rebuilt select * from sessions`.execute(db);
    await sql`drop table sessions`.execute(db);
    await sql`alter table sessions_rebuilt rename to sessions`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`foreign keys broken by the sessions rebuild: ${JSON.stringify(broken.rows)}`);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
