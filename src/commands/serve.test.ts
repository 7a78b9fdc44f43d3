import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../cli.js";
import { DEMO_KEYS } from "../reference/index.js";
import { UsageError } from "./command.js";
import { runServe, type ServeArgs } from "./serve.js";
import { runCli } from "./testing/cli.js";

/**
 * While set, the reference derives its MCP tools without these routes: a tool list that disagrees with
 * spec/openapi.yaml.
 */
const toolFault = vi.hoisted(() => ({ leaveOut: [] as string[] }));
vi.mock("../contract/mcp-tools.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../contract/mcp-tools.js")>();
  return {
    ...real,
    deriveTools: (prefix?: string) =>
      real.deriveTools(prefix).filter((tool) => !toolFault.leaveOut.includes(tool.operationId)),
  };
});

const SMALL: ServeArgs = { port: 0, host: "127.0.0.1", seed: 5, people: 200, jobs: 20, companies: 10 };

/** Runs `tdss serve` in-process until `whileUp` is done, and returns what it printed. */
async function serve(
  args: Partial<ServeArgs>,
  whileUp: (url: string) => Promise<void> = async () => {},
): Promise<string> {
  let printed = "";
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  let failure: Error | undefined;
  const running = runServe(
    { ...SMALL, ...args },
    {
      stdout: (text) => {
        printed += text;
        const url = /listening on (\S+)/.exec(text)?.[1];
        if (url)
          whileUp(url)
            .catch((e: Error) => (failure = e))
            .finally(stop);
      },
      stopped,
    },
  );
  expect(await running).toBe(0);
  if (failure) throw failure;
  return printed;
}

describe("tdss serve", () => {
  it("prints its URL and the demo keys, serves, and stops cleanly", async () => {
    let status = 0;
    const printed = await serve({}, async (url) => {
      const r = await request(`${url}/version`, { headers: { authorization: `Bearer ${DEMO_KEYS.active.key}` } });
      status = r.statusCode;
      await r.body.text();
    });
    expect(status).toBe(200);
    expect(printed).toMatch(
      new RegExp(
        /^tdss serve: listening on http:\/\/127\.0\.0\.1:\d+ \(200 people, 20 jobs, 10 /.source +
          /companies, seed 5, ready in \d+\.\d s\)/.source,
      ),
    );
    for (const key of Object.values(DEMO_KEYS)) expect(printed).toContain(key.key);
    expect(printed).toMatch(/tdss serve: stopped\n$/);
  });

  it("never prints keys read from a --keys file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tdss-serve-"));
    const file = join(dir, "keys.yaml");
    writeFileSync(file, "keys:\n  - key: svc_private_key_do_not_print\n    credits: 10\n");
    const printed = await serve({ keys: file });
    expect(printed).not.toContain("svc_private_key_do_not_print");
    expect(printed).toContain("not printed");
  });

  it("limits each key to --rate-limit requests a second, REST and MCP alike; delays answers by --latency", async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    let slowest = 0;
    const printed = await serve({ "rate-limit": 2, latency: 150 }, async (url) => {
      const auth = { authorization: `Bearer ${DEMO_KEYS.active.key}` };
      // Three requests at once against two a second: one is refused, which only a bucket REST and MCP share can do
      // (two REST requests, or one of each, fit a bucket of 2 of their own). Sent together, they meet the bucket within
      // a few milliseconds however loaded the machine is, where three in a row could let it refill between them.
      const attempts = [
        () => request(`${url}/version`, { headers: auth }),
        () => request(`${url}/mcp`, { headers: auth }),
        () => request(`${url}/version`, { headers: auth }),
      ];
      await Promise.all(
        attempts.map(async (attempt, i) => {
          const started = performance.now();
          const r = await attempt();
          slowest = Math.max(slowest, performance.now() - started);
          statuses[i] = r.statusCode;
          if (r.statusCode === 429) retryAfter = r.headers["retry-after"] as string;
          await r.body.text();
        }),
      );
    });
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    // The two served: GET /version answers 200, GET /mcp 405 (a stateless /mcp opens no stream).
    const served = statuses.filter((s) => s !== 429).sort();
    expect(served).toEqual(statuses[1] === 429 ? [200, 200] : [200, 405]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(slowest).toBeGreaterThanOrEqual(150);
    expect(printed).toContain(
      "  rate limit 2 requests per 1 s per key (REST and MCP); latency 150 ms on every answer\n",
    );
  });

  it("serves a variant under its own server conditions and says so", async () => {
    const printed = await serve({ variant: "service-rate-limit-without-retry-after" });
    expect(printed).toMatch(
      /rate limit 1 requests per 0\.004 s per key \(REST and MCP\); latency 5 ms on every answer/,
    );
  });

  it("says a latency that varies as its range", async () => {
    expect(await serve({ variant: "service-latency-jittered" })).toContain("  latency 5 to 150 ms on every answer\n");
  });

  it("serves variants named together under their merged conditions", async () => {
    const printed = await serve({ variant: "service-latency-40ms,service-rate-limit-every-surface" });
    expect(printed).toContain("VARIANT service-latency-40ms,service-rate-limit-every-surface");
    expect(printed).toMatch(
      /rate limit 1 requests per 0\.004 s per key \(REST and MCP\); latency 40 ms on every answer/,
    );
  });

  it("lists the mutants", async () => {
    const lines: string[] = [];
    expect(
      await runServe({ ...SMALL, "list-mutants": true }, { stdout: (t) => lines.push(t), stopped: Promise.resolve() }),
    ).toBe(0);
    expect(lines.join("")).toContain("query-size-default-50");
  });

  it("lists the variants with their clauses", async () => {
    const lines: string[] = [];
    expect(
      await runServe({ ...SMALL, "list-variants": true }, { stdout: (t) => lines.push(t), stopped: Promise.resolve() }),
    ).toBe(0);
    expect(lines.join("")).toMatch(/mcp-loose-tool-schemas +s4-1-tool-schema-direction/);
  });

  it("aligns the columns of both lists, whatever the longest id or clause (through the command line)", async () => {
    for (const list of ["--list-variants", "--list-mutants"]) {
      const r = await runCli(["serve", list]);
      expect(r.code).toBe(0);
      const rows = r.stdout.trimEnd().split("\n");
      expect(rows.length).toBeGreaterThan(10);
      // The clause and the description each begin at one column on every line, two spaces after the widest.
      const starts = rows.map((row) =>
        /^(\S+ +)(\S+ +)\S/
          .exec(row)!
          .slice(1, 3)
          .map((c) => c.length),
      );
      const [id, clause] = [starts[0]![0]!, starts[0]![1]!];
      expect(new Set(starts.map(([a, b]) => `${a},${b}`)), list).toEqual(new Set([`${id},${clause}`]));
      expect(Math.min(...rows.map((row) => id - row.split(" ")[0]!.length))).toBe(2);
    }
  });

  it("turns every user mistake into a one-line UsageError", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tdss-serve-"));
    writeFileSync(join(dir, "bad.json"), '[{"key": "nope"}]');
    writeFileSync(join(dir, "broken.json"), "{ keys: [");
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    const port = (busy.address() as { port: number }).port;
    const cases: [Partial<ServeArgs>, RegExp][] = [
      [{ people: -1 }, /--people must be an integer from 0 to 1000000, got -1/],
      [{ port: 70000 }, /--port must be an integer from 0 to 65535/],
      [{ companies: 0 }, /--companies must be an integer from 1/],
      [{ seed: 1.5 }, /--seed must be an integer/],
      [{ "rate-limit": 0 }, /--rate-limit must be an integer from 1 to 1000000000, got 0/],
      [{ "rate-limit": 2.5 }, /--rate-limit must be an integer from 1 to 1000000000, got 2.5/],
      [{ latency: -1 }, /--latency must be an integer from 0 to 60000, got -1/],
      [{ latency: 60_001 }, /--latency must be an integer from 0 to 60000, got 60001/],
      [{ keys: join(dir, "missing.json") }, /cannot read the file \(ENOENT\)/],
      [{ keys: join(dir, "bad.json") }, /keys\[0\]\.key: must be .* beginning with svc_/],
      [{ keys: join(dir, "broken.json") }, /not valid JSON or YAML/],
      [{ mutant: "nope" }, /--mutant nope: no such mutant/],
      [{ variant: "nope" }, /--variant nope: no such variant/],
      [{ variant: "service-latency-40ms,nope" }, /--variant service-latency-40ms,nope: no such variant "nope"/],
      [
        { variant: "service-latency-40ms,service-rate-limit-without-retry-after" },
        /variants service-latency-40ms and service-rate-limit-without-retry-after set server\.latencyMs differently/,
      ],
      [{ variant: "mcp-loose-tool-schemas", mutant: "query-size-default-50" }, /serve one or the other/],
      [{ port }, new RegExp(`port ${port} on 127.0.0.1 is already in use`)],
    ];
    try {
      for (const [args, message] of cases) {
        await expect(runServe({ ...SMALL, ...args }, { stdout: () => {}, stopped: Promise.resolve() })).rejects.toThrow(
          UsageError,
        );
        await expect(runServe({ ...SMALL, ...args }, { stdout: () => {}, stopped: Promise.resolve() })).rejects.toThrow(
          message,
        );
      }
    } finally {
      busy.close();
    }
  });
});

const SIZES = ["--people", "200", "--jobs", "50", "--companies", "20"];
const QUICK = ["--port", "0", ...SIZES];

/**
 * Runs the CLI in-process with stdout and stderr captured; `whileUp` runs once the banner is printed, then the server
 * is stopped as by Ctrl-C.
 */
async function cli(
  argv: string[],
  whileUp?: (banner: string) => Promise<void>,
): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const signalsBefore = process.listeners("SIGINT");
  let banner: Promise<void> | undefined;
  const out = vi.spyOn(process.stdout, "write").mockImplementation((text) => {
    stdout += String(text);
    if (!banner && stdout.includes("Ctrl-C stops the server")) {
      // Ctrl-C as the command hears it: its own SIGINT listener, not a signal to the test worker.
      const interrupt = process.listeners("SIGINT").find((listener) => !signalsBefore.includes(listener))!;
      banner = (whileUp ?? (async () => {}))(stdout).finally(() => interrupt("SIGINT"));
    }
    return true;
  });
  const err = vi.spyOn(process.stderr, "write").mockImplementation((text) => {
    stderr += String(text);
    return true;
  });
  try {
    const status = await main(argv);
    await banner;
    return { status, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

/** The one-line refusal main() prints for a command that cannot run, and nothing else. */
function expectOneLineRefusal(result: { status: number; stdout: string; stderr: string }, message: RegExp): void {
  expect(result.status).toBe(2);
  expect(result.stdout).toBe("");
  const [line, ...rest] = result.stderr.split("\n");
  expect(line).toMatch(message);
  expect(rest).toEqual([""]);
  expect(result.stderr).not.toMatch(/\n\s+at |Error:/);
}

describe("tdss serve through the CLI (main)", () => {
  afterEach(() => {
    toolFault.leaveOut = [];
  });

  it("lists the MCP addresses and their revisions in the start banner, and stops on Ctrl-C", async () => {
    const listeners = process.listenerCount("SIGINT");
    let served = 0;
    const result = await cli(["serve", ...QUICK], async (banner) => {
      const url = /listening on (\S+)/.exec(banner)![1]!;
      const initialize = {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      };
      const r = await request(`${url}/mcp`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${DEMO_KEYS.active.key}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify(initialize),
      });
      served = r.statusCode;
      expect(((await r.body.json()) as { result: { protocolVersion: string } }).result.protocolVersion).toBe(
        "2025-03-26",
      );
    });
    expect(result.status).toBe(0);
    expect(served).toBe(200);
    const url = /listening on (\S+)/.exec(result.stdout)![1]!;
    expect(result.stdout).toContain(
      `  MCP (§4.6, the same keys):\n    ${url}/mcp   Streamable HTTP, revision 2025-03-26\n    ${url}/sse   ` +
        `SSE, revision 2024-11-05 (messages to /messages)\n`,
    );
    expect(result.stdout).toMatch(/tdss serve: stopped\n$/);
    expect(result.stderr).toBe("");
    expect(process.listenerCount("SIGINT")).toBe(listeners);
  });

  it("refuses to start, in one line, when its MCP tool list disagrees with its schema (§4.1)", async () => {
    toolFault.leaveOut = ["getJobs", "queryCompanies"];
    const result = await cli(["serve", ...QUICK]);
    expectOneLineRefusal(
      result,
      new RegExp(
        /^tdss: the MCP tool list disagrees with spec\/openapi\.yaml, so the server /.source +
          /refuses to start \(§4\.1, s4-1-tool-schema-agreement\): no tool svc_get_jobs /.source +
          /for POST \/entity\/v1\/jobs\/detail-by-id \(getJobs, x-mcp-tool svc_get_jobs\); /.source +
          /no tool svc_query_companies for POST \/v1\/companies\/query /.source,
      ),
    );
  });

  it("refuses a port in use in one line", async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    const port = (busy.address() as { port: number }).port;
    try {
      const result = await cli(["serve", ...SIZES, "--port", String(port)]);
      expectOneLineRefusal(
        result,
        new RegExp(
          `^tdss: port ${port} on 127\\.0\\.0\\.1 is already in use; pick another with --port \\(0 picks a ` +
            `free one\\)$`,
        ),
      );
    } finally {
      busy.close();
    }
  });

  it("refuses a host it cannot listen on in one line, whatever the system's reason", async () => {
    // A link-local IPv6 address without a zone: EINVAL on Linux, which the server has no words of its own for.
    const result = await cli(["serve", ...QUICK, "--host", "fe80::1"]);
    expectOneLineRefusal(result, /^tdss: cannot listen on (host )?fe80::1\b.*E[A-Z]+/);
  });

  it("refuses an unreadable or invalid --keys file in one line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tdss-serve-cli-"));
    writeFileSync(join(dir, "bad.yaml"), "- key: nope\n");
    writeFileSync(join(dir, "empty.yaml"), "");
    const cases: [string, RegExp][] = [
      [join(dir, "missing.yaml"), /cannot read the file \(ENOENT\)$/],
      [dir, /cannot read the file \(EISDIR\)$/],
      [join(dir, "bad.yaml"), /keys\[0\]\.key: must be .* beginning with svc_$/],
      [join(dir, "empty.yaml"), /expected a non-empty list of keys/],
    ];
    for (const [file, message] of cases) {
      const result = await cli(["serve", ...QUICK, "--keys", file]);
      expectOneLineRefusal(
        result,
        new RegExp(
          `^tdss: --keys ${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: ${message.source.replace(/^\^/, "")}`,
        ),
      );
    }
  });

  it("refuses a --rate-limit or --latency that is not a number in one line", async () => {
    for (const flag of ["--rate-limit", "--latency"])
      expectOneLineRefusal(
        await cli(["serve", ...QUICK, flag, "soon"]),
        new RegExp(`^tdss: ${flag} soon: expected a number$`),
      );
  });

  it("leaves no signal listener behind when it cannot start", async () => {
    const before = process.listenerCount("SIGINT");
    await cli(["serve", ...QUICK, "--keys", "/nonexistent/keys.yaml"]);
    expect(process.listenerCount("SIGINT")).toBe(before);
  });
});
