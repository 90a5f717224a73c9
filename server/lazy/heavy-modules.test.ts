import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("heavy modules", () => {
  it("are not loaded when the server's modules are imported, only on first use", () => {
    // A fresh process: vitest's own module graph would hide what the server loads by itself.
    const script = `
      await import("./server/app.ts");
      await import("./server/features.ts");
      // sharp is native: its library is among the process's shared objects once loaded.
      const sharpMapped = () => process.report.getReport().sharedObjects.some((file) => /libvips|sharp-/.test(file));
      const before = sharpMapped();
      const { loadSharp } = await import("./server/lazy/heavy-modules.ts");
      await loadSharp();
      console.log(JSON.stringify({ before, after: sharpMapped() }));
    `;
    const output = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "test" },
    });
    const { before, after } = JSON.parse(output.trim().split("\n").at(-1)!) as { before: boolean; after: boolean };
    expect(before).toBe(false);
    expect(after).toBe(true);
  }, 60_000);
});
