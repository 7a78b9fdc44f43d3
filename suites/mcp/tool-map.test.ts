import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATION_IDS, type OperationId } from "../../src/contract/index.js";
import { executeRun } from "../../src/commands/run.js";
import { createReferenceService, type ReferenceService } from "../../src/reference/index.js";
import { createRequestListener, type McpHandler } from "../../src/reference/http.js";
import { MCP_REVISIONS } from "../../src/contract/mcp.js";
import { createToolServer } from "../../src/reference/mcp/server.js";
import { deriveTools } from "../../src/contract/mcp-tools.js";
import { runConformance, type RunOutcome } from "../../src/runner/run.js";
import { loadSuiteFile, suitesRoot } from "../../src/runner/suites.js";
import type { CaseDef } from "../../src/runner/types.js";
import type { ToolNameMap } from "../../src/client/tool-match.js";

/**
 * §4.1: "the deployed list from tools/list is authoritative for a given deployment". A deployment whose tool
 * names do not end with the §4.1 suffixes (acme_people_query for svc_query_people) is matched to its routes
 * by the config's `mcp.tools` map.
 */
const RENAMED: Record<OperationId, string> = {
  queryPeople: "acme_people_query",
  searchPeople: "acme_people_ask",
  getProfiles: "acme_profiles_fetch",
  queryJobs: "acme_jobs_query",
  getJobs: "acme_jobs_fetch",
  queryCompanies: "acme_companies_query",
  getCompanies: "acme_companies_fetch",
  getVersion: "acme_version",
  getKeyStatus: "acme_key_status",
};

/**
 * The reference's routes and tools, its tools served under other names: the SDK server of the reference
 * over a renamed tool list, on both transports (the reference's own handler refuses such a list at start).
 */
function renamedMcp(service: ReferenceService): McpHandler {
  const tools = deriveTools().map((tool) => ({ ...tool, name: RENAMED[tool.operationId] }));
  const serverInfo = { name: "acme", version: "1" };
  const streams = new Map<string, SSEServerTransport>();
  const servers = new Set<Server>();
  const toolServer = (revision: string) => {
    const server = createToolServer({ service, tools, revision, serverInfo });
    servers.add(server);
    return server;
  };
  return {
    async handle(req: IncomingMessage, res: ServerResponse) {
      const url = new URL(req.url ?? "/", "http://acme.invalid");
      if (url.pathname === "/mcp") {
        const server = toolServer(MCP_REVISIONS.streamableHttp);
        res.on("close", () => void server.close());
        const transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        await server.connect(transport);
        await transport.handleRequest(req, res);
      } else if (url.pathname === "/sse") {
        const transport = new SSEServerTransport("/messages", res);
        streams.set(transport.sessionId, transport);
        await toolServer(MCP_REVISIONS.sse).connect(transport);
      } else {
        const transport = streams.get(url.searchParams.get("sessionId") ?? "");
        if (transport) await transport.handlePostMessage(req, res);
        else res.writeHead(404).end();
      }
      return true;
    },
    async close() {
      await Promise.allSettled([...servers].map((server) => server.close()));
    },
  };
}

let url: string;
let key: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const service = createReferenceService({ people: 300, jobs: 60, companies: 40 });
  const mcp = renamedMcp(service);
  const listener = createRequestListener(service, () => mcp);
  const server = createServer((req, res) => void listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  key = service.keys.active;
  close = async () => {
    await mcp.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
});
afterAll(() => close());

const here = join(suitesRoot(), "mcp");
const cases: CaseDef[] = ["tools.yaml", "parity.yaml"].flatMap((f) => loadSuiteFile(join(here, f), "mcp"));

function run(mcpTools?: ToolNameMap): Promise<RunOutcome> {
  return runConformance({
    baseUrl: url,
    apiKey: key,
    cases,
    maxCredits: 300,
    concurrency: 4,
    timeoutMs: 5000,
    ...(mcpTools ? { mcpTools } : {}),
  });
}

describe("the config's mcp.tools map (s4-1-tools-list-authoritative)", () => {
  it("is needed: without it, tools named otherwise than §4.1 match no route", async () => {
    const outcome = await run();
    const failed = Object.fromEntries(
      outcome.results.filter((r) => r.status === "failed").map((r) => [r.id, r.failures[0]!.message]),
    );
    expect(failed["mcp/tools-one-per-route"]).toMatch(
      /no tool for POST \/v1\/people\/query \(§4\.1 names it svc_query_people\)/,
    );
    expect(failed["mcp/tool-schemas-agree-with-routes"]).toMatch(/no tool for queryPeople/);
    expect(failed["mcp/search-parity"]).toMatch(
      /tools\/list on streamable-http has no tool for queryPeople \(listed: acme_people_query/,
    );
    // Every case that finds a tool by its route fails; only the both-transports comparison, by name, passes.
    expect(outcome.results.filter((r) => r.status === "passed").map((r) => r.id)).toEqual([
      "mcp/tools-same-on-both-transports",
    ]);
  });

  it(
    "matches every tool to its route, so the tools and parity cases pass, and the report says the names came " +
      "from the config",
    async () => {
      const outcome = await run(RENAMED);
      expect(
        outcome.results.filter((r) => r.status !== "passed").map((r) => ({ id: r.id, failures: r.failures })),
      ).toEqual([]);
      expect(outcome.observed["mcp.tools"]?.value).toMatchObject({
        routes: RENAMED,
        matched_by: "the config (mcp.tools)",
        prefix: null,
      });
    },
  );

  it("fails a route whose configured name the deployment does not list, naming the config", async () => {
    const outcome = await run({ ...RENAMED, getJobs: "acme_jobs_get" });
    const perRoute = outcome.results.find((r) => r.id === "mcp/tools-one-per-route")!;
    expect(perRoute.status).toBe("failed");
    expect(perRoute.failures[0]!.message).toBe(
      "no tool acme_jobs_get for POST /entity/v1/jobs/detail-by-id (named in the config's mcp.tools); tool " +
        "acme_jobs_fetch matches no route of §4.1",
    );
    const detail = outcome.results.find((r) => r.id === "mcp/jobs-detail-parity")!;
    expect(detail.failures[0]!.message).toMatch(
      new RegExp(
        /^tools\/list on streamable-http has no tool acme_jobs_get \(the config's /.source +
          /mcp\.tools name for getJobs\) \(listed: /.source,
      ),
    );
  });

  it("reaches the run from tdss.config.yaml (tdss run), and the report's observed section says so", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tdss-tool-map-"));
    const tools = OPERATION_IDS.map((id) => `    ${id}: ${RENAMED[id]}`).join("\n");
    writeFileSync(
      join(dir, "tdss.config.yaml"),
      `base_url: ${url}\nreport_dir: out\nreporters: [json]\nmcp:\n  tools:\n${tools}\n`,
    );
    let printed = "";
    const status = await executeRun(
      { only: "mcp/tools-one-per-route" },
      { out: (t) => (printed += t), err: (t) => (printed += t), env: { TDSS_API_KEY: key }, cwd: dir },
    );
    expect(status, printed).toBe(0);
    const [runDir] = readdirSync(join(dir, "out"));
    const report = JSON.parse(readFileSync(join(dir, "out", runDir!, "report.json"), "utf8")) as {
      observed: Record<string, { value: { matched_by: string; routes: unknown } }>;
    };
    expect(report.observed["mcp.tools"]!.value).toMatchObject({
      matched_by: "the config (mcp.tools)",
      routes: RENAMED,
    });
  });
});
