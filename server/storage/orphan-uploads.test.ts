import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { libraryUploads } from "~server/features";
import { startTestServer, type TestServer } from "~server/test/harness";
import { startS3StandIn, type S3StandIn } from "~server/test/s3-stand-in";
import { removeUnreferencedUploads } from "./orphan-uploads";
import { createMediaStorage } from "./storage";

const DAY = 24 * 60 * 60 * 1000;
const png = (r: number) =>
  sharp({ create: { width: 700, height: 400, channels: 4, background: { r, g: 90, b: 160, alpha: 1 } } })
    .png()
    .toBuffer();

// Each upload of a 700 px picture is stored at 3 widths (320, 640, 700). The same walk on the local folder and on a real S3-compatible bucket.
for (const backend of ["local folder", "S3 bucket (s3rver)"] as const) {
  describe(`daily clean-up of unreferenced uploads: ${backend}`, () => {
    let s3: S3StandIn | undefined;
    let server: TestServer;
    let cookie = "";
    beforeAll(async () => {
      if (backend !== "local folder") s3 = await startS3StandIn();
      server = await startTestServer(s3?.env ?? {});
      cookie = (await server.signIn("admin")).cookie;
    });
    afterAll(async () => {
      await server?.close();
      await s3?.stop();
    });

    /** An upload taken out of the media library at once (every upload joins it), so only content can keep it. */
    const upload = async (bytes: Buffer): Promise<{ url: string; id: string }> => {
      const stored = await libraryUpload(bytes);
      await server.db.deleteFrom("media").where("upload", "=", stored.id).execute();
      return stored;
    };
    const libraryUpload = async (bytes: Buffer): Promise<{ url: string; id: string }> => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes)]), "photo.png");
      const res = await fetch(`${server.url}/api/admin/uploads`, { method: "POST", body: form, headers: { cookie, origin: server.url } });
      expect(res.status).toBe(201);
      const { url } = (await res.json()) as { url: string };
      return { url, id: /([a-f0-9]{24})-\d+\.webp$/.exec(url)![1]! };
    };
    const stored = async (id: string) => (await createMediaStorage(server.config).list(`${id}-`)).length;
    const cleanUp = (daysFromNow: number) =>
      removeUnreferencedUploads(server.db, createMediaStorage(server.config), { libraryUploads }, new Date(Date.now() + daysFromNow * DAY));

    it("removes an upload only after a week without any record referring to it", async () => {
      const used = await upload(await png(10));
      const unused = await upload(await png(200));
      await server.db.updateTable("courses").set({ image: used.url }).where("slug", "=", "robotics-fundamentals").execute();
      expect(await stored(used.id)).toBe(3);
      expect(await stored(unused.id)).toBe(3);

      // Young uploads are left alone: an editor may be about to save the record that uses them.
      expect(await cleanUp(1)).toEqual([]);
      // Old enough and unreferenced: noted, still there.
      expect(await cleanUp(8)).toEqual([]);
      expect(await stored(unused.id)).toBe(3);
      // A week after it was noted: every copy goes; the used one stays.
      expect(await cleanUp(15)).toEqual([unused.id]);
      expect(await stored(unused.id)).toBe(0);
      expect(await stored(used.id)).toBe(3);

      // The course's image is replaced: the old one is noted now and removed a week later.
      await server.db.updateTable("courses").set({ image: "/images/courses/robotics.svg" }).where("slug", "=", "robotics-fundamentals").execute();
      expect(await cleanUp(16)).toEqual([]);
      expect(await cleanUp(20)).toEqual([]);
      expect(await stored(used.id)).toBe(3);
      expect(await cleanUp(23)).toEqual([used.id]);
      expect(await stored(used.id)).toBe(0);
    });

    it("keeps an upload that only a blog post's content blocks refer to, and forgets a note once it is used again", async () => {
      const inPost = await upload(await png(60));
      expect(await cleanUp(8)).toEqual([]);
      expect(await server.countRows("unreferenced_uploads")).toBe(1);
      const post = await server.db.selectFrom("blog_posts").select(["id", "content_en"]).orderBy("id").executeTakeFirstOrThrow();
      const blocks = JSON.parse(post.content_en) as unknown[];
      await server.db
        .updateTable("blog_posts")
        .set({ content_en: JSON.stringify([...blocks, { type: "image", value: inPost.url, alt: "Robot" }]) })
        .where("id", "=", post.id)
        .execute();
      expect(await cleanUp(30)).toEqual([]);
      expect(await stored(inPost.id)).toBe(3);
      expect(await server.countRows("unreferenced_uploads")).toBe(0);
    });

    it("never removes an image of the media library, used or not; once deleted there, it goes like any other", async () => {
      const kept = await libraryUpload(await png(120));
      expect(await cleanUp(8)).toEqual([]);
      expect(await cleanUp(30)).toEqual([]);
      expect(await stored(kept.id)).toBe(3);
      expect(await server.countRows("unreferenced_uploads")).toBe(0);
      await server.db.deleteFrom("media").where("upload", "=", kept.id).execute();
      expect(await cleanUp(31)).toEqual([]);
      expect(await cleanUp(38)).toEqual([kept.id]);
      expect(await stored(kept.id)).toBe(0);
    });
  });
}
