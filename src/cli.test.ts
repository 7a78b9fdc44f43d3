import { afterEach, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import { main } from "./cli.js";

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
