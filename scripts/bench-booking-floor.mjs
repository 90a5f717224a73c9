// The floor under bench:booking's CPU figure (issue 40): a bare Express process that answers every
// demo booking with a 409 like the app's refusal, and does nothing else (no database, no validation,
// no policy headers). bench-booking.ts starts it with plain node, as the app's build runs, and hits it
// exactly as it hits the app; it prints its port on its first line.
import { createServer } from "node:http";
import process from "node:process";
import express from "express";

const refusal = { message: "Sorry, that time is now full. Please choose another time.", reason: "full", remaining: [] };
const app = express();
app.use(express.json({ limit: "100kb" }));
app.post("/api/courses/:course/demo-bookings", (_req, res) => {
  res.status(409).json(refusal);
});
const server = createServer(app).listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
