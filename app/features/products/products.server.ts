import type { DB } from "~server/db/db";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";

interface Product {
  id: number;
  slug: string;
  name: string;
  description: string;
  price: number;
  image: string;
}

/** The STEM kits, in the order staff set. */
export async function listProducts(db: DB, lang: Lang): Promise<Product[]> {
  const rows = await db.selectFrom("products").selectAll().orderBy("sort").orderBy("id").execute();
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: pick(row, "name", lang),
    description: pick(row, "description", lang),
    price: row.price,
    image: row.image,
  }));
}
