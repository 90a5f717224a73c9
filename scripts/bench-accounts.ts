import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";

/**
 * The signed-in visitors of `bench:lighthouse` (issue 40) on the bench server's fresh database: a
 * parent (signed up through the site), a staff member (`admin:create`, signed in at the staff
 * sign-in) and an instructor with a class under way and three children on its roster (decision 073;
 * the rows the teaching walk of the browser suite makes). Each comes back as its session cookie.
 */
export interface SignedIn {
  parent: string;
  staff: string;
  instructor: string;
  /** The instructor's class: its roster and attendance page. */
  rosterPath: string;
}

const PASSWORD = "Bench-Passw0rd";

export async function signInVisitors(url: string, dataDir: string): Promise<SignedIn> {
  const tag = randomBytes(3).toString("hex");
  const parentEmail = `bench-parent-${tag}@example.com`;
  await post(url, "/register", { username: "Bench Parent", email: parentEmail, password: PASSWORD, contactNumber: "9876543210" }, 201);
  const parent = await post(url, "/login", { email: parentEmail, password: PASSWORD }, 200);

  const staffEmail = `bench-staff-${tag}@example.com`;
  createStaff(dataDir, staffEmail, "Bench Staff");
  const staff = await post(url, "/api/admin/login", { email: staffEmail, password: PASSWORD }, 200);

  const instructorEmail = `bench-teach-${tag}@example.com`;
  createStaff(dataDir, instructorEmail, "Bench Instructor");
  const meetingId = classFor(dataDir, instructorEmail, tag);
  const instructor = await post(url, "/api/admin/login", { email: instructorEmail, password: PASSWORD }, 200);
  return { parent, staff, instructor, rosterPath: `/teaching/meetings/${meetingId}` };
}

/** Posts JSON; returns the cookies the answer sets, as a Cookie header. */
async function post(url: string, pathname: string, body: unknown, status: number): Promise<string> {
  const send = () => fetch(url + pathname, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  // A kept-alive connection the server closed while admin:create ran (seconds) fails once: send again.
  const response = await send().catch(send);
  if (response.status !== status) throw new Error(`POST ${pathname} answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");
}

/** The real `admin:create` script, on the bench server's data folder. */
function createStaff(dataDir: string, email: string, name: string) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  execFileSync("npx", ["tsx", "scripts/admin-create.ts", "--email", email, "--password", PASSWORD, "--name", name], {
    env: { ...env, DATA_DIR: dataDir, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** Makes the account an instructor of a new teacher profile with a class that started 5 minutes ago; returns the meeting's id. */
function classFor(dataDir: string, email: string, tag: string): number {
  const db = new Database(path.join(dataDir, "app.db"));
  db.pragma("busy_timeout = 5000");
  try {
    const now = new Date().toISOString();
    const teacher = db
      .prepare(
        "insert into teachers (name_en, name_ar, profile_en, profile_ar, experience_en, experience_ar, subjects, photo, created_at, updated_at) values (?, ?, '', '', '', '', '', '', ?, ?) returning id",
      )
      .get(`Teacher ${tag}`, `المدرّب ${tag}`, now, now) as { id: number };
    db.prepare("update users set role = 'instructor', teacher_id = ? where email = ?").run(teacher.id, email);
    const course = db.prepare("select id, min_age, max_age from courses order by id limit 1").get() as { id: number; min_age: number; max_age: number };
    const at = new Date(Date.now() - 5 * 60_000).toISOString();
    const section = db
      .prepare(
        "insert into course_sections (course_id, teacher_id, weekdays, start_time, duration_minutes, first_date, meeting_count, capacity, min_age, max_age, registration_closes_at, starts_at, ends_at, created_at, updated_at) values (?, ?, '1', '10:00', 60, ?, 1, 12, ?, ?, ?, ?, ?, ?, ?) returning id",
      )
      .get(course.id, teacher.id, at.slice(0, 10), course.min_age, course.max_age, at, at, at, now, now) as { id: number };
    const meeting = db
      .prepare("insert into section_meetings (section_id, starts_at, duration_minutes, created_at, updated_at) values (?, ?, 60, ?, ?) returning id")
      .get(section.id, at, now, now) as { id: number };
    ["Amal", "Bilal", "Chen"].forEach((name, i) => {
      db.prepare(
        "insert into section_enrolments (reference, code, section_id, course_id, child_name, child_key, child_age, parent_name, email, phone, lang, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, '+919876543210', 'en', ?, ?)",
      ).run(
        randomBytes(8).toString("hex"),
        randomBytes(4).toString("hex").toUpperCase(),
        section.id,
        course.id,
        `${name} ${tag}`,
        `${name} ${tag}`.toLowerCase(),
        course.min_age + i,
        `Parent ${i}`,
        `p${i}-${tag}@example.com`,
        now,
        now,
      );
    });
    return meeting.id;
  } finally {
    db.close();
  }
}
