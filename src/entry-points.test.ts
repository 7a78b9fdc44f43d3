import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { packageRoot } from "./contract/root.js";

/**
 * Every module a fresh Node process resolves while it imports `specifier` and calls `call` on it, recorded by a
 * module resolution hook (node:module register), as paths relative to the package or `npm:<name>`.
 */
function modulesLoadedBy(specifier: string, call = ""): string[] {
  const hook =
    `let port; export function initialize(d) { port = d.port; } export async function resolve(s, c, next) { ` +
    `const r = await next(s, c); port.postMessage(r.url); return r; }`;
  const script =
    `
    import { register } from "node:module";
    import { MessageChannel } from "node:worker_threads";
    const seen = new Set();
    const { port1, port2 } = new MessageChannel();
    port1.on("message", (url) => seen.add(url));
    register("data:text/javascript," + encodeURIComponent(${JSON.stringify(hook)}), { data: { port: port2 ` +
    `}, transferList: [port2] });
    const m = await import(${JSON.stringify(specifier)});
    ${call}
    await new Promise((resolve) => setTimeout(resolve, 50));
    port1.close();
    process.stdout.write(JSON.stringify([...seen]));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: packageRoot(),
    encoding: "utf8",
  });
  const root = new URL(`file://${packageRoot()}/`).href;
  return (JSON.parse(out) as string[]).map((url) =>
    url.includes("/node_modules/")
      ? `npm:${/\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)![1]}`
      : url.startsWith(root)
        ? url.slice(root.length)
        : url,
  );
}

const SERVER_RUNNER_MCP = new RegExp(
  "^(dist/src/(reference|runner|client|checks|gateway|selftest|report|commands)/" +
    "|npm:(@modelcontextprotocol|undici|@faker-js|zod|hono|yargs|@stoplight|prom-client))",
);
/** What the linter must not need: a file system, a YAML parser, a schema compiler, Spectral (it runs in a browser). */
const NOT_FOR_LINT = /^(node:|npm:(yaml|ajv|ajv-formats|@stoplight)$)/;

describe("entry points (package.json exports)", () => {
  it(
    "tdss/lint loads the linter and the compiled contract: no server, runner, client or MCP module, no file or " +
      "YAML",
    () => {
      const loaded = modulesLoadedBy("tdss/lint", `m.lint('{"where":{"field":"city","eq":"Paris"}}');`);
      expect(loaded).toContain("dist/src/linter/lint.js");
      expect(loaded).toContain("dist/src/contract/compiled.js");
      expect(loaded.filter((m) => SERVER_RUNNER_MCP.test(m) || NOT_FOR_LINT.test(m))).toEqual([]);
    },
  );

  it("the root entry point is the linter too: importing tdss starts nothing else", () => {
    const loaded = modulesLoadedBy("tdss", "m.lint({});");
    expect(loaded.filter((m) => SERVER_RUNNER_MCP.test(m))).toEqual([]);
  });

  it("the other parts are reachable by their own names", () => {
    const names = (specifier: string) =>
      JSON.parse(
        execFileSync(
          process.execPath,
          [
            "--input-type=module",
            "-e",
            `process.stdout.write(JSON.stringify(Object.keys(await import(${JSON.stringify(specifier)}))))`,
          ],
          { cwd: packageRoot(), encoding: "utf8" },
        ),
      ) as string[];
    expect(names("tdss/reference")).toEqual(
      expect.arrayContaining(["startReferenceServer", "createReferenceService", "MUTANTS"]),
    );
    expect(names("tdss/runner")).toEqual(expect.arrayContaining(["runConformance", "runSelftest", "CHECKS"]));
    expect(names("tdss/gateway")).toEqual(expect.arrayContaining(["startGateway"]));
    expect(names("tdss/rules")).toEqual(expect.arrayContaining(["RULES", "spectralRuleset"]));
  });
});

describe("the command line (bin/tdss.js)", () => {
  it("tdss --help and tdss --version load no command and no yargs: they print from the command table", () => {
    for (const flag of ["--help", "--version"]) {
      const loaded = modulesLoadedBy(
        "./dist/src/cli.js",
        `const write = process.stdout.write; process.stdout.write = () => true; ` +
          `await m.main([${JSON.stringify(flag)}]); process.stdout.write = write;`,
      );
      expect(loaded, flag).toContain("dist/src/cli.js");
      expect(
        loaded.filter((m) => /^(dist\/src\/commands\/(?!command\.js|options\.js)|npm:)/.test(m)),
        flag,
      ).toEqual([]);
    }
  });
});
