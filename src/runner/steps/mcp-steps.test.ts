import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runConformance } from "../run.js";
import { loadSuiteFile } from "../suites.js";

const KEY = "svc_silent_mcp_test_key";
const TIMEOUT_MS = 300;

/** Every MCP step kind on every transport and target, with no expectation: a transport failure alone fails it. */
const SILENT_CASES = `
cases:
  - id: tools
    title: tools/list on a silent server
    clauses: [s4-6-streamable-http-transport, s4-6-sse-legacy-transport]
    steps:
      - mcp_tools: { transport: "{{transport}}" }
        for_each: { transport: [streamable-http, sse] }
  - id: call
    title: a tool call on a silent server
    clauses: [s4-6-tool-per-route-same-rules]
    steps:
      - mcp_call: { transport: "{{transport}}", operation: getKeyStatus, tool: svc_get_key_status }
        for_each: { transport: [streamable-http, sse] }
  - id: probe
    title: raw probes of a silent server
    clauses: [s5-same-key-rest-mcp]
    steps:
      - mcp_probe: { target: "{{target}}" }
        for_each: { target: [streamable-http, sse-stream, sse-messages] }
`;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Key status answers (so the run starts); the MCP paths are left to `mcp`. */
async function deployment(mcp: Handler): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.url === "/auth/key/status") {
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ code: 200, msg: "ok", data: { active: true, remaining_credits: 1000 } }));
      return;
    }
    mcp(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Answers nothing at all on the MCP paths: no status line, no headers. */
const mute: Handler = () => undefined;

/** Opens the SSE stream and announces its message endpoint, sends 200 headers on /mcp, then never a message. */
const stalling: Handler = (req, res) => {
  if (req.url === "/sse") {
    res
      .writeHead(200, { "content-type": "text/event-stream" })
      .write("event: endpoint\ndata: /messages?sessionId=s1\n\n");
    return;
  }
  req.resume();
  if (req.url === "/mcp") res.writeHead(200, { "content-type": "text/event-stream" }).write(": working\n\n");
  // /messages: never answered
};

const casesFile = join(mkdtempSync(join(tmpdir(), "tdss-mcp-steps-")), "silent.yaml");
writeFileSync(casesFile, SILENT_CASES);
const cases = loadSuiteFile(casesFile, "mcp");

describe("MCP steps honour the run's --timeout (not the client's 10 s default)", () => {
  for (const [name, handler] of [
    ["a server that answers nothing", mute],
    ["a server that opens its streams and then stays silent", stalling],
  ] as const) {
    it(`leave every step kind not run, never failed, on ${name}, within the timeout`, async () => {
      const target = await deployment(handler);
      try {
        const outcome = await runConformance({
          baseUrl: target.url,
          apiKey: KEY,
          cases,
          maxCredits: 10,
          concurrency: 3,
          timeoutMs: TIMEOUT_MS,
        });
        // No answer is nothing to judge (docs/verdicts.md, "Not run"); after five in a row the run stops sending.
        expect(outcome.results.map((r) => [r.id, r.status])).toEqual(cases.map((c) => [c.id, "skipped"]));
        for (const result of outcome.results) {
          const expansions = result.id.endsWith("probe") ? 3 : 2;
          expect(result.failures, result.id).toEqual([]);
          expect(["no answer", "unreachable"], result.id).toContain(result.notRun);
          expect(result.reason, result.id).toMatch(/300 ms|in time|Request timed out|the run stopped after/);
          // Each exchange is bounded by the timeout; 10 s per exchange (the old fixed deadline) is far above this.
          expect(result.durationMs, result.id).toBeLessThan(expansions * 4 * TIMEOUT_MS + 2000);
        }
      } finally {
        await target.close();
      }
    });
  }
});
