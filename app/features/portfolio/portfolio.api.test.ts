import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoaderFunctionArgs } from "react-router";
import { startTestServer, type TestServer } from "~server/test/harness";
import { loaderOnlyBuild } from "~server/test/loader-only-build";
import { loader as accountLoader } from "~/features/accounts/account.route";
import { loader as projectsLoader } from "~/features/pages/projects.route";
import { groupWithMeeting } from "~server/test/teaching-fixture";
import { VIDEO_MAX_BYTES, videoTags, videoTools } from "~server/storage/videos";
import { familyPortfolio } from "./portfolio.server";

/** A multipart post on a fresh connection (node:http, no keep-alive agent), the file in `file`. */
function postAlone(url: string, cookie: string, fields: Record<string, string>, bytes: Buffer): Promise<{ status: number; body: { message?: string } }> {
  const boundary = "----portfolio-test";
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  const body = Buffer.concat([
    Buffer.from(`${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      method: "POST",
      agent: false,
      headers: { origin: new URL(url).origin, cookie, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": body.length },
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** A phone-like MP4 made by ffmpeg, with a GPS position (the 3GPP `loci` box) and a title the pipeline must drop. */
function mp4(dir: string, name: string, seconds: number, size = "160x120"): Buffer {
  const file = path.join(dir, name);
  // A long one is pictures only, at one frame a second (cheap to make; refused on its length before ffmpeg runs).
  const sound = seconds <= 5 ? ["-f", "lavfi", "-i", "sine=frequency=440", "-c:a", "aac", "-shortest"] : ["-an"];
  execFileSync("ffmpeg", [
    ...["-v", "error", "-y", "-f", "lavfi", "-i", `testsrc=size=${size}:rate=${seconds <= 5 ? 5 : 1}`, ...sound],
    ...["-t", String(seconds), "-c:v", "libx264", "-preset", "ultrafast"],
    ...["-metadata", "location=+25.2048+055.2708/", "-metadata", "title=Secret place", file],
  ]);
  return readFileSync(file);
}

/** A photo-like JPEG carrying EXIF with a GPS position (what the pipeline must strip). */
const jpeg = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .jpeg()
    .withExif({ IFD0: { Make: "SpyCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "25/1 12/1 0/1" } })
    .toBuffer();

type Who = { cookie: string; user: { id: number; email: string } };

/**
 * Portfolios (issue 44 item 2, decision 135): instructors add projects only in their own groups; a
 * photo showing a child without the media release is never served to another family (loader data,
 * API, file route); family projects only while staff allow them; erasure takes projects and files.
 */
describe("portfolio API", () => {
  let server: TestServer;
  let admin: Who;
  let instructor: Who;
  let mine: Awaited<ReturnType<typeof groupWithMeeting>>;
  let theirs: Awaited<ReturnType<typeof groupWithMeeting>>;
  const parents: Who[] = [];
  // Children of `mine`: A and C have the media release, B declined it.
  let [a, b, c] = [0, 0, 0];
  const photos = { aWithB: 0, aAlone: 0, cWithB: 0, bAlone: 0 };
  const projects = { a: 0, b: 0, c: 0 };
  let photo: Buffer;

  const post = async (url: string, who: { cookie: string } | null, fields: Record<string, string | string[]>, file?: Buffer) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
    if (file) form.append("file", new Blob([new Uint8Array(file)]), "robot.jpg");
    const response = await fetch(server.url + url, { method: "POST", body: form, headers: { origin: server.url, ...(who ? { cookie: who.cookie } : {}) } });
    return { status: response.status, body: await response.json() };
  };
  const file = async (id: number, who: { cookie: string } | null) => {
    const response = await fetch(`${server.url}/api/portfolio/photos/${id}?w=320`, { headers: who ? { cookie: who.cookie } : {} });
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), cacheControl: response.headers.get("cache-control") };
  };
  const as = (who: { cookie: string }) => ({ cookie: who.cookie, origin: server.url });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page's loader data as JSON
  const pageData = async (url: string, who: { cookie: string } | null): Promise<Record<string, any>> => {
    const response = await fetch(server.url + url, { headers: who ? { cookie: who.cookie } : {} });
    expect(response.status, url).toBe(200);
    return response.json();
  };
  const storedFiles = () => {
    const dir = path.join(server.config.dataDir, "portfolio");
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  beforeAll(async () => {
    // The real page loaders of /account and /projects, their data as the document (what the pages show).
    const pages = { account: accountLoader, projects: projectsLoader } as unknown as Record<string, (args: LoaderFunctionArgs) => unknown>;
    server = await startTestServer({}, { pages: { build: loaderOnlyBuild(pages) } });
    photo = await jpeg();
    const teachers = await server.db.selectFrom("teachers").select("id").orderBy("id").limit(2).execute();
    admin = await server.signIn("admin");
    instructor = await server.signIn("instructor");
    await server.db.updateTable("users").set({ teacher_id: teachers[0]!.id }).where("id", "=", instructor.user.id).execute();
    mine = await groupWithMeeting(server.db, { teacherId: teachers[0]!.id, startsAt: new Date(Date.now() - 60_000), children: 3 });
    theirs = await groupWithMeeting(server.db, { teacherId: teachers[1]!.id, startsAt: new Date(Date.now() - 60_000), children: 1 });
    [a, b, c] = mine.enrolmentIds as [number, number, number];
    // Each child's family signs in with the enrolment's e-mail, proven.
    const now = new Date().toISOString();
    for (const enrolmentId of mine.enrolmentIds) {
      const parent = await server.signIn("user");
      await server.db.updateTable("users").set({ email_verified_at: now }).where("id", "=", parent.user.id).execute();
      await server.db.updateTable("section_enrolments").set({ email: parent.user.email.toUpperCase() }).where("id", "=", enrolmentId).execute();
      parents.push(parent);
    }
    // The media release: A and C agreed, B agreed first and then declined (the newest answer counts).
    const form = await server.db
      .insertInto("consent_forms")
      .values({ kind: "media", required: 0, active: 1, current_version: 1, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const version = await server.db
      .insertInto("consent_versions")
      .values({ form_id: form.id, version: 1, title_en: "Photos", title_ar: "الصور", body_en: "May we", body_ar: "هل", created_by: null, created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const enrolments = await server.db
      .selectFrom("section_enrolments")
      .select(["id", "email", "child_key", "child_name"])
      .where("id", "in", [a, b, c])
      .execute();
    for (const [id, agreed] of [
      [a, 1],
      [b, 1],
      [b, 0],
      [c, 1],
    ] as const) {
      const e = enrolments.find((row) => row.id === id)!;
      await server.db
        .insertInto("consent_answers")
        .values({
          version_id: version.id,
          form_id: form.id,
          email: e.email,
          child_key: e.child_key,
          child_name: e.child_name,
          signer_name: "Parent",
          user_id: null,
          lang: "en",
          agreed,
          enrolment_id: id,
          camp_enrolment_id: null,
          signed_at: now,
        })
        .execute();
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lets an instructor add projects only in their own groups, through the media pipeline, and refuses bad input", async () => {
    const url = `/api/teaching/sections/${mine.sectionId}/portfolio`;
    const first = await post(
      url,
      instructor,
      {
        enrolmentId: String(a),
        title: "Line-following robot",
        note: "Built with two sensors.",
        link: "https://example.com/robot",
        inPhoto: [String(a), String(b)],
      },
      photo,
    );
    expect(first.status).toBe(201);
    projects.a = first.body.projectId;
    photos.aWithB = first.body.photoId;
    // The copies are WebP at the pipeline's widths, without the camera's EXIF or GPS, and nowhere under /uploads/.
    const served = await file(photos.aWithB, instructor);
    expect(served.status).toBe(200);
    expect(served.cacheControl).toBe("private, no-store");
    const meta = await sharp(served.bytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 320 });
    expect(meta.exif).toBeUndefined();
    expect(storedFiles()).toHaveLength(3);
    expect(existsSync(server.config.uploadsDir) ? readdirSync(server.config.uploadsDir) : []).toEqual([]);

    const before = { projects: await server.countRows("portfolio_projects"), photos: await server.countRows("portfolio_photos") };
    // Another teacher's group: 403 whatever was sent, nothing stored; parents 403, strangers 401.
    const theirsUrl = `/api/teaching/sections/${theirs.sectionId}/portfolio`;
    expect((await post(theirsUrl, instructor, { enrolmentId: String(theirs.enrolmentIds[0]), title: "Mine now" }, photo)).status).toBe(403);
    expect((await post(theirsUrl, instructor, { nonsense: "1" })).status).toBe(403);
    expect((await server.request("GET", theirsUrl, { headers: as(instructor) })).status).toBe(403);
    expect((await post(url, parents[0]!, { enrolmentId: String(a), title: "Parent" })).status).toBe(403);
    expect((await post(url, null, { enrolmentId: String(a), title: "Stranger" })).status).toBe(401);
    // A child of another group, a missing title, a javascript: link, a file that is no photo, a project of another group.
    for (const [fields, bytes, field] of [
      [{ enrolmentId: String(theirs.enrolmentIds[0]), title: "Not on the roster" }, undefined, "enrolmentId"],
      [{ enrolmentId: String(a), title: "x", inPhoto: String(theirs.enrolmentIds[0]) }, photo, "inPhoto"],
      [{ enrolmentId: String(a), title: "" }, undefined, "title"],
      [{ enrolmentId: String(a), title: "Link", link: "javascript:alert(1)" }, undefined, "link"],
      [{ enrolmentId: String(a), title: "Text" }, Buffer.from("not a picture"), "file"],
    ] as const) {
      const refused = await post(url, instructor, fields as Record<string, string>, bytes);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.body.errors?.[field], JSON.stringify(refused.body)).toEqual(expect.any(String));
    }
    expect((await post(url, instructor, { projectId: "999999" }, photo)).status).toBe(404);
    expect(await server.countRows("portfolio_projects")).toBe(before.projects);
    expect(await server.countRows("portfolio_photos")).toBe(before.photos);
    expect(storedFiles()).toHaveLength(3);

    // One more photo of A alone; B's and C's own projects.
    photos.aAlone = (await post(url, instructor, { projectId: String(projects.a), inPhoto: String(a) }, photo)).body.photoId;
    const cProject = await post(url, instructor, { enrolmentId: String(c), title: "Weather station", inPhoto: [String(c), String(b)] }, photo);
    projects.c = cProject.body.projectId;
    photos.cWithB = cProject.body.photoId;
    const bProject = await post(url, instructor, { enrolmentId: String(b), title: "Scratch game", inPhoto: String(b) }, photo);
    projects.b = bProject.body.projectId;
    photos.bAlone = bProject.body.photoId;
    const group = await server.request("GET", url, { headers: as(instructor) });
    expect(group.status).toBe(200);
    expect(group.body.roster.map((child: { mediaConsent: boolean }) => child.mediaConsent)).toEqual([true, false, true]);
    const listed = group.body.projects.find((p: { id: number }) => p.id === projects.a);
    expect(listed.photos.map((p: { id: number; restricted: boolean }) => [p.id, p.restricted])).toEqual([
      [photos.aWithB, true],
      [photos.aAlone, false],
    ]);
  });

  it("never serves a photo showing a child without the media release to another family: loader data, API, file route, public site", async () => {
    const [parentA, parentB, parentC] = parents as [Who, Who, Who];
    const ids = (list: { id: number; photos: { id: number }[] }[]) => Object.fromEntries(list.map((p) => [p.id, p.photos.map((photo) => photo.id)]));
    // The account page's loader data (account-page.server.ts reads familyPortfolio) and its API.
    expect(ids(await familyPortfolio(server.db, parentA.user.id))).toEqual({ [projects.a]: [photos.aAlone] });
    expect(ids((await server.request("GET", "/api/account/portfolio", { headers: as(parentA) })).body.projects)).toEqual({ [projects.a]: [photos.aAlone] });
    expect(ids(await familyPortfolio(server.db, parentB.user.id))).toEqual({ [projects.b]: [photos.bAlone] });
    expect(ids(await familyPortfolio(server.db, parentC.user.id))).toEqual({ [projects.c]: [] });
    // The file route: B's family alone sees B's photo; nobody else sees a photo with B in it.
    const cases: [number, Who[]][] = [
      [photos.aWithB, []],
      [photos.cWithB, []],
      [photos.bAlone, [parentB]],
      [photos.aAlone, [parentA]],
    ];
    for (const [id, allowed] of cases) {
      for (const who of [parentA, parentB, parentC, null]) {
        const expected = allowed.includes(who as Who) ? 200 : 404;
        expect((await file(id, who)).status, `photo ${id} for ${who?.user.email ?? "anyone"}`).toBe(expected);
      }
      // Staff and the group's instructor see every photo.
      expect((await file(id, admin)).status).toBe(200);
      expect((await file(id, instructor)).status).toBe(200);
    }
    // The /account page's loader data (in both languages) holds only the photos the family may see.
    for (const path of ["/account", "/ar/account"]) {
      const data = await pageData(path, parentA);
      expect(ids(data[path.slice(1)].portfolio.projects)).toEqual({ [projects.a]: [photos.aAlone] });
      // Nor anything of the other families (an e-mail, a child's name).
      const text = JSON.stringify(data[path.slice(1)].portfolio);
      for (const other of [parentB, parentC]) expect(text).not.toContain(other.user.email);
    }
    expect(ids((await pageData("/account", parentC)).account.portfolio.projects)).toEqual({ [projects.c]: [] });

    // Shown on the website by the families: only photos in which every child has the release; no child's name.
    expect((await server.request("POST", `/api/account/portfolio/${projects.a}`, { json: { public: true }, headers: as(parentA) })).status).toBe(200);
    expect((await server.request("POST", `/api/account/portfolio/${projects.b}`, { json: { public: true }, headers: as(parentB) })).status).toBe(200);
    expect((await server.request("POST", `/api/account/portfolio/${projects.a}`, { json: { public: true }, headers: as(parentC) })).status).toBe(404);
    const shown = await server.request("GET", "/api/portfolio");
    expect(ids(shown.body.projects)).toEqual({ [projects.a]: [photos.aAlone] });
    const names = (await server.db.selectFrom("section_enrolments").select("child_name").where("id", "in", [a, b, c]).execute()).map((row) => row.child_name);
    for (const name of names) expect(JSON.stringify(shown.body)).not.toContain(name);
    expect((await file(photos.aAlone, null)).status).toBe(200);
    expect((await file(photos.bAlone, null)).status).toBe(404);
    expect((await file(photos.aWithB, parentC)).status).toBe(404);
    // The public projects page's loader data: the same, for a visitor and for a signed-in parent of another child.
    for (const who of [null, parentC]) expect(ids((await pageData("/projects", who)).projects.projects)).toEqual({ [projects.a]: [photos.aAlone] });
    // A later "no" to the release withdraws the photo at once.
    const answer = await server.db.selectFrom("consent_answers").selectAll().where("enrolment_id", "=", a).executeTakeFirstOrThrow();
    const { id: _id, ...rest } = answer;
    await server.db
      .insertInto("consent_answers")
      .values({ ...rest, agreed: 0 })
      .execute();
    expect((await file(photos.aAlone, null)).status).toBe(404);
    expect((await file(photos.aAlone, parentA)).status).toBe(200);
    await server.db
      .insertInto("consent_answers")
      .values({ ...rest, agreed: 1 })
      .execute();
  });

  it("refuses family projects while the setting is off, and takes them for the family's own children once on", async () => {
    const [parentA, parentB] = parents as [Who, Who];
    const before = await server.countRows("portfolio_projects");
    const off = await post("/api/account/portfolio", parentA, { enrolmentId: String(a), title: "Home robot" }, photo);
    expect(off.status).toBe(403);
    expect(typeof off.body.message).toBe("string");
    expect(await server.countRows("portfolio_projects")).toBe(before);
    expect((await server.request("PUT", "/api/admin/settings", { json: { familyPortfolioUploads: true }, headers: as(admin) })).status).toBe(200);
    expect((await post("/api/account/portfolio", parentA, { enrolmentId: String(b), title: "Not my child" }, photo)).status).toBe(404);
    const on = await post("/api/account/portfolio", parentA, { enrolmentId: String(a), title: "Home robot" }, photo);
    expect(on.status).toBe(201);
    expect(ids1(await familyPortfolio(server.db, parentA.user.id))).toContain(on.body.photoId);
    expect((await file(on.body.photoId, parentB)).status).toBe(404);
    await server.request("PUT", "/api/admin/settings", { json: { familyPortfolioUploads: false }, headers: as(admin) });
  });

  it("erases the children's projects and their files with the family's account", async () => {
    const [parentA] = parents as [Who];
    const rows = await server.db
      .selectFrom("portfolio_photos as ph")
      .innerJoin("portfolio_projects as p", "p.id", "ph.project_id")
      .select(["ph.upload"])
      .where("p.family_email", "=", parentA.user.email.toLowerCase())
      .execute();
    expect(rows.length).toBe(3);
    const deleted = await server.request("POST", "/api/account/delete", { json: { email: parentA.user.email }, headers: as(parentA) });
    expect(deleted.status).toBe(200);
    expect(await server.db.selectFrom("portfolio_projects").select("id").where("family_email", "=", parentA.user.email.toLowerCase()).execute()).toEqual([]);
    const left = storedFiles();
    for (const row of rows) expect(left.filter((name) => name.startsWith(row.upload))).toEqual([]);
    expect((await file(photos.aAlone, null)).status).toBe(404);
    // The other families' photos stay, and B's photo with C stays hidden.
    expect((await file(photos.cWithB, parents[2]!)).status).toBe(404);
    expect((await file(photos.bAlone, parents[1]!)).status).toBe(200);
  });
  it(
    "takes a short video through ffmpeg without its location, serves it in ranges, keeps it from other families, refuses bad files",
    { timeout: 60_000 },
    async () => {
      const [, parentB, parentC] = parents as [Who, Who, Who];
      const dir = mkdtempSync(path.join(tmpdir(), "portfolio-video-test-"));
      try {
        const clip = mp4(dir, "clip.mp4", 2);
        // The fixture carries the position and the title, as a phone's would.
        const tools = videoTools("ffmpeg");
        expect(await videoTags(tools, path.join(dir, "clip.mp4"))).toMatchObject({ location: "+25.2048+055.2708/", title: "Secret place" });
        const url = `/api/teaching/sections/${mine.sectionId}/portfolio`;
        const post1 = async (fields: Record<string, string | string[]>, bytes: Buffer, name = "clip.mp4") => {
          const form = new FormData();
          for (const [key, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(key, one);
          form.append("file", new Blob([new Uint8Array(bytes)], { type: "video/mp4" }), name);
          const response = await fetch(server.url + url, { method: "POST", body: form, headers: { origin: server.url, cookie: instructor.cookie } });
          return { status: response.status, body: await response.json() };
        };
        // C's project, a video in which B (no media release) is seen too; B's own video.
        const withB = await post1({ projectId: String(projects.c), inPhoto: [String(c), String(b)] }, clip);
        expect(withB.status, JSON.stringify(withB.body)).toBe(201);
        const bAlone = await post1({ projectId: String(projects.b), inPhoto: String(b) }, clip);
        expect(bAlone.status).toBe(201);
        const video = (id: number, who: { cookie: string } | null, range?: string) =>
          fetch(`${server.url}/api/portfolio/videos/${id}`, { headers: { ...(who ? { cookie: who.cookie } : {}), ...(range ? { range } : {}) } });

        // What is stored and served: an MP4 with its index first, no location, no title, no camera.
        const whole = await video(withB.body.photoId, instructor);
        expect(whole.status).toBe(200);
        expect(whole.headers.get("content-type")).toBe("video/mp4");
        expect(whole.headers.get("accept-ranges")).toBe("bytes");
        const bytes = Buffer.from(await whole.arrayBuffer());
        expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));
        for (const needle of ["loci", "\u00a9xyz", "25.2048", "Secret place"]) expect(bytes.includes(Buffer.from(needle, "latin1")), needle).toBe(false);
        const stored = readdirSync(path.join(server.config.dataDir, "portfolio")).filter((name) => name.endsWith(".mp4"));
        expect(stored).toHaveLength(2);
        const tags = await videoTags(tools, path.join(server.config.dataDir, "portfolio", stored[0]!));
        expect(tags.location).toBeUndefined();
        expect(tags.title).toBeUndefined();
        // A phone asks in ranges: 206 with the part, 416 past the end.
        const part = await video(withB.body.photoId, instructor, "bytes=0-99");
        expect(part.status).toBe(206);
        expect(part.headers.get("content-range")).toBe(`bytes 0-99/${bytes.length}`);
        expect((await part.arrayBuffer()).byteLength).toBe(100);
        const beyond = await video(withB.body.photoId, instructor, `bytes=${bytes.length + 10}-`);
        expect(beyond.status).toBe(416);
        expect(typeof (await beyond.json()).message).toBe("string");

        // The consent rule: B's family alone sees B's own video; nobody else sees one with B in it.
        for (const [id, allowed] of [
          [withB.body.photoId, [] as Who[]],
          [bAlone.body.photoId, [parentB]],
        ] as const) {
          for (const who of [parentB, parentC, null]) expect((await video(id, who)).status, `video ${id}`).toBe(allowed.includes(who as Who) ? 200 : 404);
          expect((await video(id, admin)).status).toBe(200);
          // Not through the photo route either.
          expect((await file(id, admin)).status).toBe(404);
        }
        const listed = (await server.request("GET", "/api/account/portfolio", { headers: as(parentC) })).body.projects.flatMap(
          (p: { photos: { id: number }[] }) => p.photos.map((item) => item.id),
        );
        expect(listed).not.toContain(withB.body.photoId);
        expect(ids1(await familyPortfolio(server.db, parentB.user.id))).toContain(bAlone.body.photoId);
        const text = JSON.stringify((await pageData("/account", parentC)).account.portfolio);
        expect(text).not.toContain(`"id":${withB.body.photoId},`);
        // Shown on the website by B's family: the video with B in C's project is not public (C's family did not choose), B's own is hidden too (no release).
        expect((await server.request("POST", `/api/account/portfolio/${projects.b}`, { json: { public: true }, headers: as(parentB) })).status).toBe(200);
        expect((await video(bAlone.body.photoId, null)).status).toBe(404);

        // Bad files: 4xx JSON, nothing stored.
        const before = await server.countRows("portfolio_photos");
        const junk = Buffer.concat([Buffer.from("\0\0\0\x18ftypisom\0\0\x02\0isomiso2", "latin1"), Buffer.alloc(5000, 7)]);
        const refusedJunk = await post1({ projectId: String(projects.c) }, junk);
        expect(refusedJunk.status).toBe(400);
        expect(refusedJunk.body.errors.file).toEqual(expect.any(String));
        const long = await post1({ projectId: String(projects.c) }, mp4(dir, "long.mp4", 61, "32x24"));
        expect(long.status).toBe(400);
        expect(long.body.errors.file).toMatch(/minute/);
        // Over the limit, on a connection of its own (as a phone's upload; a kept-alive one may be cut while the body still flows).
        const huge = await postAlone(
          server.url + url,
          instructor.cookie,
          { projectId: String(projects.c) },
          Buffer.concat([junk, Buffer.alloc(VIDEO_MAX_BYTES, 1)]),
        );
        expect(huge.status).toBe(413);
        expect(typeof huge.body.message).toBe("string");
        expect(await server.countRows("portfolio_photos")).toBe(before);
        expect(readdirSync(path.join(server.config.dataDir, "portfolio")).filter((name) => name.endsWith(".mp4"))).toHaveLength(2);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it("answers 503 for a video when ffmpeg is missing, and still takes photos", async () => {
    // The running server's own settings, pointed at an ffmpeg that is not there (as a server without the package).
    const config = server.config as { ffmpegPath: string };
    const dir = mkdtempSync(path.join(tmpdir(), "portfolio-video-test-"));
    const clip = mp4(dir, "clip.mp4", 1);
    rmSync(dir, { recursive: true, force: true });
    config.ffmpegPath = "/nonexistent/ffmpeg";
    try {
      const url = `/api/teaching/sections/${mine.sectionId}/portfolio`;
      const refused = await postAlone(server.url + url, instructor.cookie, { projectId: String(projects.c) }, clip);
      expect(refused.status).toBe(503);
      expect(refused.body.message).toMatch(/video/i);
      expect((await post(url, instructor, { projectId: String(projects.c), inPhoto: String(c) }, photo)).status).toBe(201);
    } finally {
      config.ffmpegPath = "ffmpeg";
    }
  });
});

const ids1 = (list: { photos: { id: number }[] }[]) => list.flatMap((p) => p.photos.map((photo) => photo.id));
