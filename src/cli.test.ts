import { afterEach, describe, expect, it, vi } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { createServer, type Socket } from "node:net";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "./cli.js";
import { packageRoot } from "./contract/root.js";

/** The installed command line, as a user runs it: bin/tdss.js in a child process. */
function tdss(args: string[], env: NodeJS.ProcessEnv = {}, cwd?: string) {
  const r = spawnSync(process.execPath, [join(packageRoot(), "bin", "tdss.js"), ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, TDSS_API_KEY: "", ...env },
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (out.push(String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (err.push(String(chunk)), true));
  // yargs prints --help through console.log
  vi.spyOn(console, "log").mockImplementation((...args) => void out.push(args.join(" ")));
  vi.spyOn(console, "error").mockImplementation((...args) => void err.push(args.join(" ")));
  return { out, err };
}

afterEach(() => vi.restoreAllMocks());

const TAIL = `tdss run's settings (docs/configuration.md)`;

describe("tdss CLI", () => {
  it("--help lists every command", async () => {
    const { out } = capture();
    expect(await main(["--help"])).toBe(0);
    for (const name of ["contract", "lint", "run", "serve", "selftest"]) expect(out.join("")).toContain(`tdss ${name}`);
  });

  it("--version prints the version of package.json", async () => {
    const { out } = capture();
    expect(await main(["--version"])).toBe(0);
    const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    expect(out.join("").trim()).toBe(version);
  });

  it("an unknown flag exits 2 before the command runs anything", async () => {
    const { out, err } = capture();
    expect(await main(["contract", "--bogus"])).toBe(2);
    expect(out.join("")).toBe("");
    expect(err.join("")).toMatch(/^tdss: Unknown argument: bogus\n/);
  });

  it("a bad choice is one line naming the flag and the choices", async () => {
    const { err } = capture();
    expect(await main(["lint", "--format", "xml", "x.json"])).toBe(2);
    expect(err.join("").split("\n")[0]).toBe("tdss: --format xml: expected one of stylish, json, sarif, junit, github");
  });

  it("a command's own refusal is one line, without the --help hint meant for flags", async () => {
    const { err } = capture();
    expect(await main(["run", "--config", "/nonexistent/tdss.config.yaml", "--dry-run"])).toBe(2);
    const text = err.join("");
    expect(text.split("\n")).toHaveLength(2);
    expect(text).toMatch(/^tdss: .*\/nonexistent\/tdss\.config\.yaml/);
    expect(text).not.toContain("--help");
  });

  it("an unknown command and no command exit 2", async () => {
    capture();
    expect(await main(["deploy"])).toBe(2);
    expect(await main([])).toBe(2);
  });

  it("a command's exit status is the process status", async () => {
    const { out } = capture();
    expect(await main(["contract"])).toBe(0);
    expect(out.join("")).toContain("Routes (§4.1):");
  });
});

describe("tdss CLI errors, as a user sees them", () => {
  it("stops quietly when its reader stops reading (a pipe into head), with no stack trace", async () => {
    for (const args of [
      ["serve", "--list-mutants"],
      ["lint", "--explain", "scope-siblings"],
    ]) {
      const child = spawn(process.execPath, [join(packageRoot(), "bin", "tdss.js"), ...args]);
      // The reading end closes before the command writes anything: its first write meets a closed pipe.
      child.stdout.destroy();
      let stderr = "";
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      expect(stderr, args.join(" ")).toBe("");
      expect(code, args.join(" ")).toBe(0);
    }
  }, 60_000);

  it("a bad number names the flag and the value as given", () => {
    for (const args of [
      ["run", "--max-credits", "abc"],
      ["run", "--max-credits=abc"],
    ]) {
      const r = tdss(args);
      expect(r.code).toBe(2);
      expect(r.stderr.split("\n")[0]).toBe("tdss: --max-credits abc: expected a number");
    }
  });

  it("an unknown flag is named once, as given", () => {
    const r = tdss(["run", "--bogus-flag", "--other-thing=1"]);
    expect(r.code).toBe(2);
    expect(r.stderr.split("\n")[0]).toBe("tdss: Unknown arguments: bogus-flag, other-thing");
  });

  it("a key written in the config file points to api_key_env", () => {
    const dir = mkdtempSync(join(tmpdir(), "tdss-cli-"));
    writeFileSync(join(dir, "tdss.config.yaml"), "api_key: svc_written_in_the_file\n");
    const r = tdss(["run", "--config", join(dir, "tdss.config.yaml"), "--dry-run"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^tdss: configuration .*: api_key: a key never lives in the file: set api_key_env /);
    expect(r.stderr).not.toContain("svc_written_in_the_file");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("one configuration file serves both commands: the run's settings at the top, tdss lint's under lint", () => {
    const dir = mkdtempSync(join(tmpdir(), "tdss-cli-"));
    const senior = '{"where": {"field": "management_level", "eq": "senior"}, "size": 1}';
    writeFileSync(join(dir, "q.json"), senior);
    for (const [name, text] of [
      [
        "tdss.config.json",
        JSON.stringify({
          base_url: "http://127.0.0.1:9",
          max_credits: 500,
          lint: { failOn: ["refused"], format: "json" },
        }),
      ],
      [
        "tdss.config.yaml",
        "base_url: http://127.0.0.1:9\nmax_credits: 500\nlint:\n  failOn: [refused]\n  format: json\n",
      ],
    ]) {
      const config = join(dir, name!);
      writeFileSync(config, text!);
      // --list reads and checks the configuration, and sends nothing.
      const run = tdss(["run", "--list"], {}, dir);
      expect([run.code, run.stderr]).toEqual([0, ""]);
      // The section's failOn makes fixed-set-value's empty class a warning, and its format is json.
      const lint = tdss(["lint", "q.json"], {}, dir);
      expect(lint.code).toBe(0);
      expect(JSON.parse(lint.stdout).files[0].diagnostics).toContainEqual(
        expect.objectContaining({ ruleId: "fixed-set-value", severity: "warning" }),
      );
      rmSync(config);
    }
    // Four start-ups of the command line: on a busy two-core machine they took 27 s.
  }, 60_000);

  it("every command finds the configuration from the working folder upward, and package.json's tdss key", () => {
    const root = mkdtempSync(join(tmpdir(), "tdss-cli-"));
    const below = join(root, "queries", "people");
    mkdirSync(below, { recursive: true });
    writeFileSync(join(below, "q.json"), '{"where": {"field": "management_level", "eq": "senior"}, "size": 1}');
    const key = { TDSS_API_KEY: "svc_config_lookup_0123" };
    // base_url names a closed port: the budget refuses the plan before anything is sent.
    const budget = "tdss: the selected cases may cost up to";
    for (const [name, text] of [
      ["tdss.config.yaml", "base_url: http://127.0.0.1:9\nmax_credits: 5\nlint:\n  format: json\n"],
      [
        "package.json",
        JSON.stringify({
          name: "app",
          tdss: { base_url: "http://127.0.0.1:9", max_credits: 5, lint: { format: "json" } },
        }),
      ],
    ] as const) {
      writeFileSync(join(root, name), text);
      const run = tdss(["run", "--dry-run"], key, below);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${budget} `);
      // The limit is named as it was set: in the file found upward, not as a flag the user never typed.
      expect(run.stderr).toContain(`more than max_credits 5 (${join("..", "..", name)});`);
      const lint = tdss(["lint", "q.json"], {}, below);
      expect(lint.code).toBe(1);
      expect(JSON.parse(lint.stdout).files[0].diagnostics).toContainEqual(
        expect.objectContaining({ ruleId: "fixed-set-value" }),
      );
      rmSync(join(root, name));
    }
    // An error in a configuration found upward names it, as the working folder sees it, for every command.
    const shown = join("..", "..", "tdss.config.yaml");
    writeFileSync(join(root, "tdss.config.yaml"), "max_credit: 5\ngateway:\n  port: 99999\nlint:\n  format: xml\n");
    expect(tdss(["run", "--list"], {}, below).stderr).toBe(
      `tdss: configuration ${shown}: unknown key "max_credit" (did you mean "max_credits"?)\n`,
    );
    writeFileSync(join(root, "tdss.config.yaml"), "gateway:\n  port: 99999\nlint:\n  format: xml\n");
    const gateway = tdss(["gateway"], {}, below);
    expect([gateway.code, gateway.stderr]).toEqual([
      2,
      `tdss: configuration ${shown}: gateway.port: expected at most 65535, got 99999\n`,
    ]);
    const lint = tdss(["lint", "q.json"], {}, below);
    expect(lint.code).toBe(2);
    expect(lint.stderr.startsWith(`tdss: configuration ${shown}: lint.format: "xml" is not one of`)).toBe(true);
    // Seven start-ups of the command line.
  }, 90_000);

  it("lint settings left at the top level get the same one-line migration message from both commands", () => {
    const dir = mkdtempSync(join(tmpdir(), "tdss-cli-"));
    writeFileSync(join(dir, "q.json"), '{"where": {"field": "city", "eq": "Paris"}, "size": 1}');
    writeFileSync(
      join(dir, "tdss.config.json"),
      JSON.stringify({ base_url: "http://127.0.0.1:9", rules: { cost: "off" } }),
    );
    const move = 'rules is a lint setting: move it under "lint" ({"lint": {"rules": ...}}); the top level holds ';
    const run = tdss(["run", "--list"], {}, dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`tdss: configuration tdss.config.json: ${move}${TAIL}\n`);
    const lint = tdss(["lint", "q.json"], {}, dir);
    expect(lint.code).toBe(2);
    expect(lint.stderr).toBe(`tdss: configuration tdss.config.json: ${move}${TAIL}\n`);
  });

  it("a missing expectations file is one line naming the path", () => {
    const r = tdss(["run", "--expectations", "/nonexistent/known-failures.yaml", "--dry-run"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("tdss: expectations file not found: /nonexistent/known-failures.yaml\n");
  });

  it("--api-key on the command line warns, without echoing the key", () => {
    const key = "svc_given_on_the_command_line_0123";
    // A closed port: the run stops at once, after the warning.
    const r = tdss(["run", "--api-key", key, "--base-url", "http://127.0.0.1:9", "--dry-run"]);
    expect(r.stderr).toMatch(/^tdss: warning: a key given with --api-key is visible .*; set TDSS_API_KEY instead$/m);
    expect(r.stderr + r.stdout).not.toContain(key);
  });
});

describe("tdss run against a server that accepts and never answers", () => {
  it("says the connection was accepted and nothing came, not that it timed out connecting", async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const args = ["run", "--base-url", `http://127.0.0.1:${port}`, "--timeout", "1000", "--dry-run"];
      const child = spawn(process.execPath, [join(packageRoot(), "bin", "tdss.js"), ...args], {
        env: { ...process.env, TDSS_API_KEY: "svc_silent_server_check_key" },
      });
      let stderr = "";
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      expect(code).toBe(2);
      expect(stderr).toBe(
        `tdss: cannot reach http://127.0.0.1:${port}/: no complete response within 1000 ms (timed out while ` +
          `waiting for a response; the server accepted the connection but sent nothing)\n`,
      );
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});
