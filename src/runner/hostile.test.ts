import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runConformance, UnreachableError } from "./run.js";
import { loadSuiteFile } from "./suites.js";

const KEY = "svc_hostile_test_key_5f2c9a";
let hostile: Server;
let bystander: Server;
let base: string;
let bystanderHits = 0;

/** One misbehaviour per route; key status stays sane so the run starts. */
function hostileServer(otherOrigin: () => string): Server {
  return createServer((req, res) => {
    const path = req.url ?? "";
    if (path === "/auth/key/status") {
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ code: 200, msg: "ok", data: { active: true, remaining_credits: 1000 } }));
      return;
    }
    if (path === "/v1/people/query") return; // never answers
    if (path === "/v1/people-search") return void req.socket.destroy();
    if (path === "/entity/v1/profiles/detail-by-id")
      return void res
        .writeHead(200, { "content-type": "application/json" })
        .end('{"code": 200, "msg": "ok", "data": {');
    if (path === "/v1/jobs/query")
      return void res.writeHead(503, { "content-type": "text/html" }).end("<h1>Service Unavailable</h1>");
    if (path === "/entity/v1/jobs/detail-by-id") {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const write = () => {
        while (sent < 50 && res.write(chunk)) sent++;
        if (sent < 50 && !res.destroyed) res.once("drain", write);
        else res.end();
      };
      res.on("error", () => undefined);
      write();
      return;
    }
    if (path === "/v1/companies/query") {
      res.writeHead(200, { "content-type": "application/json" });
      const timer = setInterval(() => res.write("{"), 150);
      res.on("close", () => clearInterval(timer));
      return;
    }
    if (path === "/entity/v1/companies/detail-by-id")
      return void res.writeHead(307, { location: `${otherOrigin()}/steal` }).end();
    if (path === "/version")
      return void res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ code: 200, msg: "ok", data: { echo: req.headers.authorization } }));
    res.writeHead(404).end();
  });
}

const ROUTES: [string, string][] = [
  ["people-query", "request: { operation: queryPeople, body: { where: { field: full_name, exists: true }, size: 1 } }"],
  ["nl-search", "request: { operation: searchPeople, body: { text: engineer, size: 1 } }"],
  ["profiles", 'request: { operation: getProfiles, body: { profile_ids: ["x"] } }'],
  ["jobs-query", "request: { operation: queryJobs, body: { size: 1 } }"],
  ["jobs-detail", 'request: { operation: getJobs, body: { job_ids: ["x"] } }'],
  ["companies-query", "request: { operation: queryCompanies, body: { size: 1 } }"],
  ["companies-detail", 'request: { operation: getCompanies, body: { company_ids: ["x"] } }'],
  ["version", "request: { operation: getVersion }"],
  // A probe of a narrowing (src/runner/steps/narrow.ts) that gets no answer: people search never answers here.
  ["narrowing", "narrow: { operation: queryPeople, records: [{ full_name: Ada }], fields: [full_name], at_most: 4 }"],
];

beforeAll(async () => {
  bystander = createServer((_req, res) => {
    bystanderHits++;
    res.writeHead(200).end("{}");
  });
  await new Promise<void>((r) => bystander.listen(0, "127.0.0.1", r));
  const other = `http://127.0.0.1:${(bystander.address() as AddressInfo).port}`;
  hostile = hostileServer(() => other);
  await new Promise<void>((r) => hostile.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of [hostile, bystander]) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

function cases() {
  const dir = mkdtempSync(join(tmpdir(), "tdss-hostile-"));
  const file = join(dir, "hostile.yaml");
  const yaml = ROUTES.map(
    ([id, step]) =>
      `  - id: ${id}\n    title: ${id}\n    clauses: [s1-envelope-every-success]\n    steps:\n      ` +
      `- ${step}\n        expect: [envelope${id === "version" ? ", version-info" : ""}]\n`,
  );
  writeFileSync(file, `cases:\n${yaml.join("")}`);
  return loadSuiteFile(file, "hostile");
}

describe("the runner against a hostile server", () => {
  it(
    "fails each wrong answer and leaves each missing one not run, with a clear reason; never hangs past the " +
      "deadline, never follows the redirect, never prints the key",
    async () => {
      const started = Date.now();
      const outcome = await runConformance({
        baseUrl: base,
        apiKey: KEY,
        cases: cases(),
        maxCredits: 50,
        concurrency: 4,
        timeoutMs: 1000,
        maxBodyBytes: 4 * 1024 * 1024,
      });
      expect(Date.now() - started).toBeLessThan(8000);
      const reason = Object.fromEntries(
        outcome.results.map((r) => [
          r.id.split("/")[1],
          `${r.status}: ${r.reason ?? r.failures.map((f) => `${f.check}: ${f.message}`).join(" | ")}`,
        ]),
      );
      // No answer is nothing to judge: the tester's --timeout, the connection or the body cap gave up first.
      const noAnswer = "skipped: not run: no answer: step 1 got no answer to judge: ";
      expect(reason["people-query"]).toMatch(new RegExp(`^${noAnswer}no complete response within 1000 ms`));
      expect(reason["nl-search"]).toMatch(new RegExp(`^${noAnswer}connection (closed|reset)`));
      expect(reason.narrowing).toMatch(new RegExp(`^${noAnswer}no complete response within 1000 ms`));
      expect(reason.profiles).toMatch(/^failed: envelope: HTTP 200: body is not JSON/);
      expect(reason["jobs-query"]).toMatch(/^failed: envelope: HTTP 503: body is not JSON/);
      expect(reason["jobs-detail"]).toMatch(new RegExp(`^${noAnswer}response body larger than 4 MiB`));
      expect(reason["companies-query"]).toMatch(
        new RegExp(`^${noAnswer}no complete response within 1000 ms \\(timed out while reading the body\\)`),
      );
      expect(reason["companies-detail"]).toMatch(
        /^failed: envelope: HTTP 307: a redirect to http:\/\/127\.0\.0\.1:\d+\/steal, not followed/,
      );
      // Its data holds an unplaced string (the echo), which may be the version under a name of its own (§4.5: names
      // not shown): a warning on the reading, with the key redacted like any failure.
      const version = outcome.results.find((r) => r.id === "hostile/version")!;
      expect(version.warnings.map((w) => `${w.check} (${w.clause?.id}): ${w.message}`).join(" | ")).toMatch(
        /version-info \(s4-5-version-members-not-shown\): no version member/,
      );
      expect(bystanderHits).toBe(0);
      expect(JSON.stringify(outcome)).not.toContain(KEY);
      expect(JSON.stringify(outcome.results.find((r) => r.id === "hostile/version"))).toContain("$TDSS_API_KEY");
    },
  );

  it("stops before sending more when key status redirects, naming the base URL the redirect points at", async () => {
    let hits = 0;
    const moved = createServer((req, res) => {
      hits++;
      res.writeHead(308, { location: `https://api.example.test/talent${req.url ?? ""}` }).end();
    });
    await new Promise<void>((r) => moved.listen(0, "127.0.0.1", r));
    const port = (moved.address() as AddressInfo).port;
    try {
      const run = runConformance({
        baseUrl: `http://127.0.0.1:${port}/api/`,
        apiKey: KEY,
        cases: cases(),
        maxCredits: 50,
        concurrency: 1,
        timeoutMs: 500,
      });
      await expect(run).rejects.toThrow(UnreachableError);
      await expect(run).rejects.toThrow(
        `http://127.0.0.1:${port}/api/ answers GET /auth/key/status with HTTP 308, a redirect to ` +
          "https://api.example.test/talent/api/auth/key/status (not followed: tdss sends the key to the base URL " +
          "only); if the deployment is there, run with --base-url https://api.example.test/talent/api/",
      );
      expect(hits).toBe(1);
    } finally {
      await new Promise((r) => moved.close(r));
    }
  });

  it("treats a target that cannot be reached as unreachable", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await expect(
      runConformance({
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: KEY,
        cases: cases(),
        maxCredits: 50,
        concurrency: 1,
        timeoutMs: 500,
      }),
    ).rejects.toThrow(UnreachableError);
  });
});
