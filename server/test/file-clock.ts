import { randomBytes } from "node:crypto";
import { rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The file system's clock now: the time the kernel stamps on a file written now. Under libfaketime
 * (`npm run test:clock`) the process's clock is moved but file times are not, so the age of a stored
 * file is measured against this, not Date.now().
 */
export function fileClockNow(): number {
  const probe = path.join(tmpdir(), `file-clock-${process.pid}-${randomBytes(4).toString("hex")}`);
  writeFileSync(probe, "");
  try {
    return statSync(probe).mtimeMs;
  } finally {
    rmSync(probe, { force: true });
  }
}
