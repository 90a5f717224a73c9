import { inTransaction, type DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { recordAudit } from "~server/audit/audit";
import { defineCollection, type SavedRecord } from "./collection.server";
import { deleteAudited, updateAudited } from "./record-store.server";
import { defineList } from "~/features/admin-kit/list/list-query.server";
import { productSchema, type ProductInput, type ProductValues } from "./product-admin.schema";
import { isUniqueViolation } from "~server/db/errors";
import { slugify } from "./slug";

const productListSpec = defineList({
  search: ["name_en", "name_ar", "slug"],
  sorts: { sort: "sort", name: "name_en", price: "price", updated: "updated_at" },
  defaultSort: "sort",
  defaultDir: "asc",
});

const productListBase = (db: DB) => db.selectFrom("products").select(["id", "slug", "name_en", "name_ar", "price", "image", "sort", "updated_at"]);

export async function getProductForm(db: DB, id: number): Promise<{ id: number; product: ProductInput } | undefined> {
  const row = await db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    product: {
      nameEn: row.name_en,
      nameAr: row.name_ar,
      descriptionEn: row.description_en,
      descriptionAr: row.description_ar,
      price: row.price,
      imageUrl: row.image,
      sort: row.sort,
    },
  };
}

const columns = (input: ProductValues) => ({
  name_en: input.nameEn,
  name_ar: input.nameAr,
  description_en: input.descriptionEn,
  description_ar: input.descriptionAr,
  price: input.price,
  image: input.imageUrl,
  sort: input.sort,
});

/** A free slug from the English name: "robot-kit", else "robot-kit-2", "robot-kit-3"... */
async function freeSlug(db: DB, name: string): Promise<string> {
  const base = slugify(name) || "product";
  const taken = new Set((await db.selectFrom("products").select("slug").where("slug", "like", `${base}%`).execute()).map((r) => r.slug));
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(slug)) return slug;
  }
}

async function createProduct(db: DB, input: ProductValues, userId: number): Promise<SavedRecord> {
  // Two staff creating the same name at once: the loser retries with the next free slug.
  for (let attempt = 0; ; attempt++) {
    const slug = await freeSlug(db, input.nameEn);
    const now = nowIso();
    try {
      return await inTransaction(db, async (trx) => {
        const { id } = await trx
          .insertInto("products")
          .values({ ...columns(input), slug, created_at: now, updated_at: now })
          .returning("id")
          .executeTakeFirstOrThrow();
        await recordAudit(trx, { userId, action: "create", entity: "product", entityId: id, name: input.nameEn || input.nameAr || slug });
        return { id };
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

const updateProduct = (db: DB, id: number, input: ProductValues, userId: number) =>
  updateAudited(db, { table: "products", entity: "product", id, values: columns(input), userId, label: ["name_en", "name_ar"] });

const deleteProduct = (db: DB, id: number, userId: number) =>
  deleteAudited(db, { table: "products", entity: "product", id, userId, label: ["name_en", "name_ar", "slug"] });

/** Shop products: the slug is made from the English name when created and kept after. */
export const productCollection = defineCollection({
  name: "products",
  schema: productSchema,
  list: {
    base: productListBase,
    spec: productListSpec,
    filename: "products",
    columns: [
      { header: "id", value: (r) => r.id },
      { header: "name", value: (r) => r.name_en },
      { header: "name_ar", value: (r) => r.name_ar },
      { header: "slug", value: (r) => r.slug },
      { header: "price", value: (r) => r.price },
      { header: "sort", value: (r) => r.sort },
      { header: "updated_at", value: (r) => r.updated_at, instant: true },
    ],
  },
  read: getProductForm,
  create: { save: createProduct },
  update: updateProduct,
  remove: deleteProduct,
});
