import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * `npm test`'s temporary files in one folder of the run, removed when the run ends: the test files and the processes
 * they start (the CLI, servers, Chromium, Neovim) make theirs under TMPDIR, and one that a failing or timed-out test
 * leaves behind goes with the folder instead of staying in the system's temporary folder.
 */
export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const folder = mkdtempSync(join(tmpdir(), "tdss-tests-"));
  process.env.TMPDIR = folder;
  return () => {
    rmSync(folder, { recursive: true, force: true });
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  };
}
