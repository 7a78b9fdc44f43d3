#!/usr/bin/env node
import { existsSync, mkdirSync, rmdirSync } from "node:fs";
import { spawnSync } from "node:child_process";

// A package from `npm pack` ships dist/. A clone builds it: `npm start`, `npm test` and `npm pack` do first, and so
// does the first `tdss` command after `npm ci` (README, "Quickstart"), so that no command of the README asks for a
// build by hand.
const cli = new URL("../dist/src/cli.js", import.meta.url);
if (!existsSync(cli)) buildClone();

/** Builds dist/ in a clone (`npm run build`); one process builds while others started beside it wait for it. */
function buildClone() {
  const root = new URL("..", import.meta.url);
  if (!existsSync(new URL("tsconfig.json", root)) || !existsSync(new URL("node_modules/typescript", root))) {
    process.stderr.write("tdss: dist/ is missing: run `npm ci` then `npm run build` in the tdss folder\n");
    process.exit(2);
  }
  const lock = new URL("dist/.building", root);
  mkdirSync(new URL("dist", root), { recursive: true });
  let mine = false;
  try {
    mkdirSync(lock);
    mine = true;
  } catch {
    // Another tdss is building: wait for it (a build takes seconds; give up after two minutes).
    const until = Date.now() + 120_000;
    while (existsSync(lock) && Date.now() < until) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  }
  if (mine) {
    process.stderr.write("tdss: first run in this clone: building dist/ (npm run build)...\n");
    const r = spawnSync("npm", ["run", "--silent", "build"], {
      cwd: root,
      stdio: ["ignore", 2, 2],
      shell: process.platform === "win32",
    });
    rmdirSync(lock);
    if (r.status !== 0) {
      process.stderr.write("tdss: the build failed (above); fix it, or run `npm run build` to see it again\n");
      process.exit(2);
    }
  }
  if (!existsSync(cli)) {
    process.stderr.write("tdss: dist/ is still missing: run `npm run build` in the tdss folder\n");
    process.exit(2);
  }
}

// A reader that stops reading (`tdss serve --list-mutants | head`) ends the output, not the command with a stack
// trace: stop quietly, as other command-line tools do; any other failure to write is one line.
process.stdout.on("error", (error) => {
  if (error.code !== "EPIPE") process.stderr.write(`tdss: cannot write to standard output: ${error.message}\n`);
  process.exit(error.code === "EPIPE" ? (process.exitCode ?? 0) : 2);
});
const { main } = await import(cli.href);

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`tdss: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
