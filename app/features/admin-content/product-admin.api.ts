import { Router } from "express";
import type { ApiDeps } from "~server/api-routers";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requireAdmin } from "~server/security/access";
import { sendList } from "~/features/admin/list/list-query.server";
import { adminT, idParam, staffId } from "./admin-api.server";
import { productSchema } from "./product-admin.schema";
import { createProduct, deleteProduct, getProductForm, productListBase, productListSpec, updateProduct, type ProductListRow } from "./product-admin.server";

/** Staff API of shop products. */
export function productAdminApi({ db }: ApiDeps): Router {
  const router = Router();
  router.use("/api/admin/products", requireAdmin);

  router.get("/api/admin/products", async (req, res) => {
    await sendList<ProductListRow>(req, res, productListBase(db), productListSpec, {
      filename: "products",
      columns: [
        { header: "id", value: (r) => r.id },
        { header: "name", value: (r) => r.name_en },
        { header: "name_ar", value: (r) => r.name_ar },
        { header: "slug", value: (r) => r.slug },
        { header: "price", value: (r) => r.price },
        { header: "sort", value: (r) => r.sort },
        { header: "updated_at", value: (r) => r.updated_at },
      ],
    });
  });

  router.get("/api/admin/products/:id", async (req, res) => {
    const found = await getProductForm(db, idParam(req));
    if (!found) throw new HttpError(404, adminT(req, "api.notFound"));
    res.json(found);
  });

  router.post("/api/admin/products", async (req, res) => {
    const input = parseBody(productSchema, req);
    res.status(201).json({ message: adminT(req, "api.saved"), id: await createProduct(db, input, staffId(res)) });
  });

  router.put("/api/admin/products/:id", async (req, res) => {
    const id = idParam(req);
    const input = parseBody(productSchema, req);
    if (!(await updateProduct(db, id, input, staffId(res)))) throw new HttpError(404, adminT(req, "api.notFound"));
    res.json({ message: adminT(req, "api.saved"), id });
  });

  router.delete("/api/admin/products/:id", async (req, res) => {
    if (!(await deleteProduct(db, idParam(req), staffId(res)))) throw new HttpError(404, adminT(req, "api.notFound"));
    res.json({ message: adminT(req, "api.deleted") });
  });
  return router;
}
