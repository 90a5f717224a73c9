import { collectionApi } from "./collection-api.server";
import { defineCollection } from "./collection.server";
import { blogPostSchema } from "./blog-admin.schema";
import { blogListBase, blogListSpec, createBlogPost, deleteBlogPost, getBlogPostForm, updateBlogPost } from "./blog-admin.server";

/** Blog posts: a changed slug of a published post stays as a redirect (in updateBlogPost). */
export const blogCollection = defineCollection({
  name: "blogs",
  schema: blogPostSchema,
  list: {
    base: blogListBase,
    spec: blogListSpec,
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
  },
  read: async (db, id) => {
    const post = await getBlogPostForm(db, id);
    return post && { post };
  },
  create: { save: createBlogPost },
  update: updateBlogPost,
  remove: deleteBlogPost,
});

export const blogAdminApi = collectionApi(blogCollection);
