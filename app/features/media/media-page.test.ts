import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionOnlyBuild } from "~server/test/action-only-build";
import { startTestServer, type TestServer } from "~server/test/harness";
import { action } from "./media.route";

/**
 * The media library page's form posts without JavaScript, through the real Express app and page
 * handler (a build holding only this page, rendering the action's answer as JSON): the multipart
 * upload the page alone takes, the alt text form and the two-step delete.
 */

describe("the media library page without JavaScript", () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer({ MAX_UPLOAD_BYTES: "300000" }, { pages: { build: actionOnlyBuild({ "admin/media": action }) } });
    cookie = (await server.signIn("editor")).cookie;
  });
  afterAll(() => server?.close());

  const multipart = async (path: string, fields: Record<string, string>, file?: Buffer, headers: Record<string, string> = { cookie }) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file) form.append("file", new Blob([new Uint8Array(file)], { type: "image/png" }), "photo.png");
    const response = await fetch(`${server.url}${path}`, { method: "POST", body: form, headers: { origin: server.url, ...headers }, redirect: "manual" });
    return {
      status: response.status,
      body: response.headers.get("content-type")?.includes("json") ? await response.json() : null,
      location: response.headers.get("location"),
    };
  };
  const post = (path: string, fields: Record<string, string>) =>
    server.request("POST", path, {
      body: new URLSearchParams(fields).toString(),
      headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    });
  const png = () =>
    sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer();

  it("uploads a file posted to the page (multipart) with its alt texts, in the page's language", async () => {
    const res = await multipart("/ar/admin/media", { intent: "upload", altEn: "A kit", altAr: "عدة" }, await png());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ form: "upload", ok: true, message: "أُضيفت الصورة إلى المكتبة." });
    const row = await server.db.selectFrom("media").select(["alt_en", "alt_ar", "width"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row).toEqual({ alt_en: "A kit", alt_ar: "عدة", width: 300 });
  });

  it("renders refusals back: no file (the alt texts kept), a bad alt text, an oversized body, a file on any other page", async () => {
    const none = await multipart("/admin/media", { intent: "upload", altEn: "Kept", altAr: "" });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ form: "upload", ok: false, message: "Choose an image file to upload.", values: { altEn: "Kept", altAr: "" } });
    const long = await multipart("/admin/media", { intent: "upload", altEn: "x".repeat(301) }, await png());
    expect(long.status).toBe(400);
    expect(long.body.errors.altEn).toBeTruthy();
    const huge = await multipart("/admin/media", { intent: "upload" }, Buffer.alloc(300_000 + 101 * 1024, 1));
    expect(huge.status).toBe(413);
    const elsewhere = await multipart("/admin/mediax", { intent: "upload" }, await png());
    expect(elsewhere.status).toBe(415);
    const before = await server.countRows("media");
    const anonymous = await multipart("/admin/media", { intent: "upload" }, await png(), {});
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
    expect(anonymous.status).not.toBe(200);
    expect(await server.countRows("media")).toBe(before);
  });

  it("saves alt texts, asks before deleting, deletes, and answers unknown images and intents with 4xx", async () => {
    const id = (await server.db.selectFrom("media").select("id").orderBy("id", "desc").executeTakeFirstOrThrow()).id;
    const saved = await post("/admin/media", { intent: "alt", id: String(id), altEn: "New words", altAr: "كلمات" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ form: "alt", id, ok: true, message: "Alt text saved." });
    const refused = await post("/admin/media", { intent: "alt", id: String(id), altEn: "x".repeat(301), altAr: "" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ form: "alt", id, ok: false, values: { altEn: "x".repeat(301) } });
    const ask = await post("/admin/media", { intent: "delete", id: String(id) });
    expect(ask.body).toEqual({ form: "delete", id, ok: true, message: "", ask: true });
    expect(await server.db.selectFrom("media").select("id").where("id", "=", id).executeTakeFirst()).toBeDefined();
    const gone = await post("/admin/media", { intent: "delete", id: String(id), confirmed: "yes" });
    expect(gone.body).toMatchObject({ form: "delete", id, ok: true, message: "Image deleted from the library." });
    expect((await post("/admin/media", { intent: "delete", id: String(id), confirmed: "yes" })).status).toBe(404);
    expect((await post("/admin/media", { intent: "alt", id: "../1", altEn: "x" })).status).toBe(404);
    expect((await post("/admin/media", { intent: "other" })).status).toBe(400);
  });
});
