import type { TestProject } from "vitest/node";
import { createPgTemplate, dropPgDatabase } from "./pg-template";

declare module "vitest" {
  export interface ProvidedContext {
    /** The PostgreSQL run's template database (server/test/pg-template.ts); "" on SQLite. */
    pgTemplate: string;
  }
}

/** Once per Vitest run: the PostgreSQL run's migrated and seeded template, dropped at the end. */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    project.provide("pgTemplate", "");
    return undefined;
  }
  const template = await createPgTemplate(base);
  project.provide("pgTemplate", template);
  return () => dropPgDatabase(base, template);
}
