import type { DB } from "~server/db/db";
import type { DataVersionsTable } from "~server/db/schema";

/** The tables whose rows a process may keep in memory (decision 158). */
export type VersionedTable = DataVersionsTable["name"];

/** Each versioned table's change token as read at one moment. */
export type DataVersions = Readonly<Record<VersionedTable, string>>;

/**
 * Every versioned table's token: one short query. The database changes a token on every write to
 * its table (triggers), so this is asked on each use and never cached itself. A caller that needs
 * two versioned tables reads this once and hands it to both.
 */
export async function readDataVersions(db: DB): Promise<DataVersions> {
  const rows = await db.selectFrom("data_versions").select(["name", "token"]).execute();
  const versions: Record<VersionedTable, string> = { site_settings: "", courses: "" };
  for (const row of rows) versions[row.name] = row.token;
  return versions;
}

/**
 * Values computed from a versioned table's rows, kept per database handle while the table's token
 * stays the same, at most `maxEntries` of them (keys may come from URLs: only found values are kept,
 * and a full cache stops keeping more until the next change). A value is loaded after the token was
 * read, so a write in between is seen, at worst, as a changed token on the next call: an equal token
 * never answers older rows. Per handle: a transaction's handle (which may see its own uncommitted
 * writes) never shares a cache with the database's.
 */
export class VersionedCache<K, V> {
  private readonly byDb = new WeakMap<DB, { token: string; values: Map<K, V> }>();

  constructor(
    private readonly table: VersionedTable,
    private readonly maxEntries: number,
  ) {}

  async get<R extends V | undefined>(db: DB, versions: DataVersions | undefined, key: K, load: () => Promise<R>): Promise<V | R> {
    const token = (versions ?? (await readDataVersions(db)))[this.table];
    let kept = this.byDb.get(db);
    if (kept?.token !== token) {
      kept = { token, values: new Map() };
      this.byDb.set(db, kept);
    }
    const known = kept.values.get(key);
    if (known !== undefined) return known;
    const value = await load();
    if (value !== undefined && kept.values.size < this.maxEntries) kept.values.set(key, value);
    return value;
  }
}
