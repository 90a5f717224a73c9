import { parseArgs } from "node:util";
import { createOrPromoteAdmin } from "~/features/accounts/accounts.server";
import { registerSchema } from "~/features/accounts/accounts.schema";
import { loadConfig } from "~server/config";
import { openDatabase } from "~server/db/db";
import { migrateToLatest } from "~server/db/migrate";

// npm run admin:create -- --email E --password P --name N
// Creates a staff account, or promotes the existing account with that e-mail. Safe to repeat.
const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } } });
const parsed = registerSchema.pick({ email: true, password: true, username: true }).safeParse({
  email: values.email,
  password: values.password,
  username: values.name,
});
if (!parsed.success) {
  const issue = parsed.error.issues[0]!;
  console.error(
    `Invalid --${issue.path[0] === "username" ? "name" : String(issue.path[0])}: usage: npm run admin:create -- --email E --password P --name N (password: 8+ characters with upper, lower case and a digit; name 3-30 characters)`,
  );
  process.exit(1);
}
const config = loadConfig();
const db = openDatabase(config.database);
await migrateToLatest(db);
const outcome = await createOrPromoteAdmin(db, parsed.data);
await db.destroy();
console.log(outcome === "created" ? `Created staff account ${parsed.data.email}.` : `${parsed.data.email} is now a staff account.`);
