import { Router } from "express";
import type { ApiDeps } from "~server/api-routers";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requireAdmin } from "~server/security/access";
import { sendList } from "~/features/admin/list/list-query.server";
import { adminT, idParam, staffId } from "./admin-api.server";
import { blogPostSchema } from "./blog-admin.schema";
import {
  SlugTakenError,
  blogListBase,
  blogListSpec,
  createBlogPost,
  deleteBlogPost,
  getBlogPostForm,
  updateBlogPost,
  type BlogListRow,
} from "./blog-admin.server";

/** Staff API of blog posts: list (search, sort, pages, CSV), read, create, update, delete. */
export function blogAdminApi({ db }: ApiDeps): Router {
  const router = Router();
  router.use("/api/admin/blogs", requireAdmin);

  router.get("/api/admin/blogs", async (req, res) => {
    await sendList<BlogListRow>(req, res, blogListBase(db), blogListSpec, {
      filename: "blog-posts",
      columns: [
        { header: "id", value: (r) => r.id },
        { header: "title", value: (r) => r.title_en || r.title_ar },
        { header: "slug", value: (r) => r.slug },
        { header: "status", value: (r) => r.status },
        { header: "category", value: (r) => r.category_en },
        { header: "author", value: (r) => r.author },
        { header: "publish_date", value: (r) => r.publish_date },
        { header: "updated_at", value: (r) => r.updated_at },
      ],
    });
  });

  router.get("/api/admin/blogs/:id", async (req, res) => {
    const post = await getBlogPostForm(db, idParam(req));
    if (!post) throw new HttpError(404, adminT(req, "api.notFound"));
    res.json({ post });
  });

  router.post("/api/admin/blogs", async (req, res) => {
    const input = parseBody(blogPostSchema, req);
    try {
      const saved = await createBlogPost(db, input, staffId(res));
      res.status(201).json({ message: adminT(req, "api.saved"), ...saved });
    } catch (error) {
      if (error instanceof SlugTakenError) throw new HttpError(409, adminT(req, "api.slugTaken"), { slug: adminT(req, "api.slugTaken") });
      throw error;
    }
  });

  router.put("/api/admin/blogs/:id", async (req, res) => {
    const id = idParam(req);
    const input = parseBody(blogPostSchema, req);
    try {
      const saved = await updateBlogPost(db, id, input, staffId(res));
      if (!saved) throw new HttpError(404, adminT(req, "api.notFound"));
      res.json({ message: adminT(req, "api.saved"), ...saved });
    } catch (error) {
      if (error instanceof SlugTakenError) throw new HttpError(409, adminT(req, "api.slugTaken"), { slug: adminT(req, "api.slugTaken") });
      throw error;
    }
  });

  router.delete("/api/admin/blogs/:id", async (req, res) => {
    if (!(await deleteBlogPost(db, idParam(req), staffId(res)))) throw new HttpError(404, adminT(req, "api.notFound"));
    res.json({ message: adminT(req, "api.deleted") });
  });
  return router;
}
