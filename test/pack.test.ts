import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { packageRoot } from "../src/contract/root.js";

/**
 * `npm pack` makes a package that installs and runs outside the clone. The install is offline: a lockfile
 * for the temporary project is derived from the clone's (the packed tarball plus the clone's production
 * dependencies, at the same versions and integrity), so `npm ci --offline` takes every tarball from the
 * npm cache that the clone's own `npm ci` filled.
 */
const root = packageRoot();
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  name: string;
  version: string;
  dependencies: Record<string, string>;
  bin: Record<string, string>;
  engines: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
};
let serve: ReturnType<typeof spawn> | undefined;
afterAll(() => {
  serve?.kill("SIGTERM");
});

function npm(args: string[], cwd: string): string {
  const r = spawnSync("npm", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
  if (r.status !== 0)
    throw new Error(
      `npm ${args.join(" ")} failed (${r.status}): ${r.stderr
        .split("\n")
        .filter((l) => !l.startsWith("npm warn"))
        .join("\n")}`,
    );
  return r.stdout;
}

interface InstallEntry {
  dev?: boolean;
  link?: boolean;
  hasInstallScript?: boolean;
}

function lockfileFor(tarball: string): object {
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as {
    packages: Record<string, InstallEntry>;
  };
  const packages: Record<string, unknown> = {
    "": { name: "tdss-install-check", dependencies: { [pkg.name]: `file:${tarball}` } },
    [`node_modules/${pkg.name}`]: {
      version: pkg.version,
      resolved: `file:${tarball}`,
      dependencies: pkg.dependencies,
      bin: pkg.bin,
      engines: pkg.engines,
    },
  };
  for (const [path, entry] of Object.entries(lock.packages))
    if (path.startsWith("node_modules/") && !entry.dev && !entry.link) packages[path] = entry;
  return { name: "tdss-install-check", lockfileVersion: 3, requires: true, packages };
}

/**
 * The JavaScript files (.js, .cjs, .mjs) of an installed package that no entry point reaches (`bin`, the `default`
 * of each `exports` target): a module only tests, benchmarks or scripts import belongs in a `testing/` folder or
 * in scripts/, which the package leaves out. A reference is any relative path to such a file written as a string,
 * which covers static imports, the dynamic imports of a specifier held in a constant and `new URL()` of a worker
 * script or of built validators. A module of types only compiles to `export {};` (and its source map's address)
 * and is left aside.
 */
function unreachedModules(installed: string): string[] {
  const shipped = (dir: string): string[] =>
    readdirSync(join(installed, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? shipped(join(dir, e.name)) : /\.[cm]?js$/.test(e.name) ? [join(dir, e.name)] : [],
    );
  const targets = Object.values(pkg.exports).flatMap((t) => (typeof t === "string" ? [] : [t.default!]));
  const todo = [...Object.values(pkg.bin), ...targets].map((t) => join(installed, t));
  const reached = new Set<string>();
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    // A file the code names but the package leaves out (the build's compiled validators) is looked for, not read.
    if (reached.has(file) || !existsSync(file)) continue;
    reached.add(file);
    for (const [, path] of readFileSync(file, "utf8").matchAll(/["'](\.{1,2}\/[^"'\s]+\.[cm]?js)["']/g))
      todo.push(join(dirname(file), path!));
  }
  return ["bin", "dist"]
    .flatMap(shipped)
    .filter((f) => !reached.has(join(installed, f)))
    .filter(
      (f) =>
        readFileSync(join(installed, f), "utf8")
          .replace(/^\/\/#.*$/m, "")
          .trim() !== "export {};",
    );
}

describe("npm pack", () => {
  it("makes a package that installs offline and runs the smoke cases against its own tdss serve", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tdss-pack-"));
    // The build is `npm test`'s pretest; packing must not rebuild dist/ under the other tests' feet.
    npm(["pack", "--ignore-scripts", "--pack-destination", dir], root);
    const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"))!;
    expect(tarball).toBe(`${pkg.name}-${pkg.version}.tgz`);
    // Under 750 KB (SI): what a user needs (built code, contract, suites, docs, the reference's mutants and variants
    // for tdss selftest), no source maps, screenshots or comments in the built JavaScript (docs/reports.md,
    // "Installing outside a clone").
    expect(statSync(join(dir, tarball)).size).toBeLessThan(750_000);
    const packed = JSON.parse(
      spawnSync("tar", ["-xzOf", join(dir, tarball), "package/package.json"], { encoding: "utf8" }).stdout,
    ) as { scripts?: Record<string, string> };
    // No script of this package runs at install (npm warns of each), and no package it installs has one either:
    // Spectral, whose packages bring an install-time telemetry script (@scarf/scarf), is a development dependency
    // and an optional peer of the Spectral ruleset (docs/lint.md, "The same rules in Spectral").
    for (const script of ["preinstall", "install", "postinstall", "prepare"])
      expect(packed.scripts?.[script], script).toBeUndefined();
    const installed = Object.entries((lockfileFor(tarball) as { packages: Record<string, InstallEntry> }).packages);
    expect(installed.filter(([, entry]) => entry.hasInstallScript === true).map(([path]) => path)).toEqual([]);
    expect(installed.map(([path]) => path)).not.toContainEqual(expect.stringMatching(/@scarf\/scarf$/));
    // Every file an entry point of `exports` names is in the package (the editor schemas docs/lint.md points
    // `$schema` at among them).
    const listed = new Set(
      spawnSync("tar", ["-tzf", join(dir, tarball)], { encoding: "utf8" })
        .stdout.split("\n")
        .map((f) => f.replace(/^package\//, "./")),
    );
    const targets = Object.values(pkg.exports).flatMap((t) => (typeof t === "string" ? [t] : Object.values(t)));
    for (const target of targets.map((t) => t.replace("*", "tdss.config.schema.json")))
      expect(listed.has(target), target).toBe(true);
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({ name: "tdss-install-check", private: true, dependencies: { [pkg.name]: `file:${tarball}` } }),
    );
    writeFileSync(join(dir, "package-lock.json"), JSON.stringify(lockfileFor(tarball)));
    npm(["ci", "--offline", "--ignore-scripts", "--no-audit", "--no-fund"], dir);
    const bin = join(dir, "node_modules", ".bin", "tdss");
    expect(unreachedModules(join(dir, "node_modules", pkg.name))).toEqual([]);

    const version = spawnSync(bin, ["--version"], { cwd: dir, encoding: "utf8" });
    expect(version.stdout.trim()).toBe(pkg.version);

    serve = spawn(bin, ["serve", "--port", "0", "--people", "300", "--jobs", "60", "--companies", "40"], { cwd: dir });
    let banner = "";
    const url = await new Promise<string>((resolve, reject) => {
      serve!.stdout!.on("data", (d) => {
        banner += d;
        const m = /listening on (http:\/\/\S+)/.exec(banner);
        if (m) resolve(m[1]!);
      });
      serve!.on("exit", (code) => reject(new Error(`tdss serve exited (${code}): ${banner}`)));
    });
    const key = (name: string) => new RegExp(`${name} +(\\S+)`).exec(banner)![1]!;
    const run = spawnSync(bin, ["run", "--base-url", url, "--tag", "smoke", "--report-dir", "reports"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, TDSS_API_KEY: key("active"), TDSS_SECOND_API_KEY: key("exhausted") },
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^PASS: \d+ passed, 0 failed/m);
    const runDir = join(dir, "reports", readdirSync(join(dir, "reports"))[0]!);
    const report = JSON.parse(readFileSync(join(runDir, "report.json"), "utf8")) as {
      tool: { version: string };
      cases: unknown[];
    };
    expect(report.tool.version).toBe(pkg.version);
    expect(report.cases.length).toBeGreaterThan(5);
  }, 300_000);
});
