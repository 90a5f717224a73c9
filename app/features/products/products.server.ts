import type { DB } from "~server/db/db";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";
import { productsInOrder } from "~/features/admin-content/queries.server";

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
  const rows = await productsInOrder(db);
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: pick(row, "name", lang),
    description: pick(row, "description", lang),
    price: row.price,
    image: row.image,
  }));
}
