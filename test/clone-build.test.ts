/**
 * bin/tdss.js in a clone after only `npm ci` (README, "Quickstart"): dist/ is missing, and the first `tdss` command
 * builds it with `npm run build` instead of asking for a build by hand. A stand-in clone keeps the test fast: its
 * `build` script writes a dist/src/cli.js of its own.
 */
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../src/contract/root.js";

const BUILD = [
  'const fs = require("node:fs");',
  'fs.appendFileSync("builds.log", "build\\n");',
  'fs.mkdirSync("dist/src", { recursive: true });',
  'fs.writeFileSync("dist/src/cli.js",',
  '"export async function main(a) { console.log(\\"ran \\" + a.join(\\" \\")); return 0; }");',
].join(" ");

/** A folder shaped as a clone after `npm ci`: bin/tdss.js, tsconfig.json, node_modules/typescript, no dist/. */
function clone(withSources = true): string {
  const root = mkdtempSync(join(tmpdir(), "tdss-clone-"));
  mkdirSync(join(root, "bin"));
  copyFileSync(join(packageRoot(), "bin", "tdss.js"), join(root, "bin", "tdss.js"));
  writeFileSync(
    join(root, "package.json"),
    JSON.stringify({ type: "module", scripts: { build: `node -e '${BUILD}'` } }),
  );
  if (withSources) {
    writeFileSync(join(root, "tsconfig.json"), "{}");
    mkdirSync(join(root, "node_modules", "typescript"), { recursive: true });
  }
  return root;
}

function tdss(root: string, args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, "bin", "tdss.js"), ...args], { cwd: root });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

describe("the first tdss command in a clone", () => {
  it("builds dist/ once, with two commands started together, and then runs", async () => {
    const root = clone();
    const [a, b] = await Promise.all([tdss(root, ["--version"]), tdss(root, ["contract"])]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(a.out).toBe("ran --version\n");
    expect(b.out).toBe("ran contract\n");
    expect(a.err + b.err).toMatch(/^tdss: first run in this clone: building dist\/ \(npm run build\)\.\.\.\n$/);
    expect(readFileSync(join(root, "builds.log"), "utf8")).toBe("build\n");
    // Built: the next command runs at once.
    expect(await tdss(root, ["lint"])).toEqual({ code: 0, out: "ran lint\n", err: "" });
  });

  it("outside a clone (no sources to build), says what to run, exit 2", () => {
    const root = clone(false);
    const r = spawnSync(process.execPath, [join(root, "bin", "tdss.js"), "--help"], { cwd: root, encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("tdss: dist/ is missing: run `npm ci` then `npm run build` in the tdss folder\n");
  });
});
