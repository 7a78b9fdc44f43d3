import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../cli.js";
import { runGateway, type GatewayArgs } from "./gateway.js";

const idle = { stdout: () => undefined, stopped: Promise.resolve(), cwd: tmpdir() };

async function refusal(args: GatewayArgs, cwd = tmpdir()): Promise<string> {
  try {
    await runGateway(args, { ...idle, cwd });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected a usage error");
}

describe("tdss gateway", () => {
  it("names what is wrong with its flags in one line", async () => {
    expect(await refusal({})).toMatch(/--upstream URL is required/);
    expect(await refusal({ upstream: "ftp://x" })).toMatch(/http:\/\/ or https:\/\//);
    expect(await refusal({ upstream: "http://127.0.0.1:1", block: "refused,wrong" })).toMatch(
      /--block .*wrong is not a consequence/,
    );
    expect(await refusal({ upstream: "http://127.0.0.1:1", port: 70000 })).toMatch(/--port must be an integer/);
    expect(await refusal({ upstream: "http://user:pw@127.0.0.1:1" })).toMatch(/without credentials/);
  });

  it("takes its settings from the config file's gateway section, flags winning", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tdss-gateway-config-"));
    writeFileSync(
      join(dir, "tdss.config.yaml"),
      "gateway:\n  upstream: http://127.0.0.1:9\n  port: 0\n  block: [refused]\n  log: decisions.jsonl\n",
    );
    const out: string[] = [];
    expect(await runGateway({}, { stdout: (t) => out.push(t), stopped: Promise.resolve(), cwd: dir })).toBe(0);
    expect(out.join("")).toMatch(
      new RegExp(
        /forwarding to http:\/\/127\.0\.0\.1:9\n {2}blocks: refused; timeout 10000 ms; /.source +
          /decisions logged to .*decisions\.jsonl/.source,
      ),
    );
    const flagged: string[] = [];
    await runGateway(
      { block: "empty,broadened", port: 0 },
      { stdout: (t) => flagged.push(t), stopped: Promise.resolve(), cwd: dir },
    );
    expect(flagged.join("")).toMatch(/blocks: empty, broadened;/);
    // Every class a diagnostic can have that says what the service would do, narrowed among them.
    const narrowed: string[] = [];
    await runGateway(
      { block: "narrowed", port: 0 },
      { stdout: (t) => narrowed.push(t), stopped: Promise.resolve(), cwd: dir },
    );
    expect(narrowed.join("")).toMatch(/blocks: narrowed;/);
    expect(await refusal({ upstream: "http://127.0.0.1:1", block: "cost" })).toMatch(
      /--block cost: cost is not a consequence; use a comma list of refused, empty, broadened, narrowed, unspecified/,
    );
    writeFileSync(join(dir, "tdss.config.yaml"), "gateway:\n  block: [nothing]\n");
    expect(await refusal({}, dir)).toMatch(/gateway\.block\[0\]: "nothing" is not one of "refused", "empty", /);
  });

  it("is a command of the CLI: a bad flag is exit 2", async () => {
    expect(await main(["gateway", "--upstream", "http://127.0.0.1:9", "--block", "sometimes"])).toBe(2);
  });
});
