import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Report } from "../report/index.js";
import { startReferenceServer, type ReferenceServer } from "../reference/index.js";
import type { KeySpec } from "../reference/keys.js";
import type { ReferenceService } from "../reference/reference-service.js";
import type { TappedExchange } from "../reference/tap.js";
import { UsageError } from "./command.js";
import { executeRun, type RunArgs } from "./run.js";

/**
 * The tester's own key (docs/run.md, "The tester's key"): its balance and rate are the tester's limits, never the
 * deployment's failure. Each test runs `tdss run` as a user would, against the reference server (conformant) with
 * keys of its own balance.
 */
const ACTIVE = "svc_keylimits_active_key";
const EXHAUSTED = "svc_keylimits_exhausted_key";
const INACTIVE = "svc_keylimits_inactive_key";

let server: ReferenceServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A reference server whose active key holds `credits`; `onExchange` sees every exchange once it is over. */
async function serve(credits: number, onExchange?: (e: TappedExchange) => void): Promise<ReferenceServer> {
  const keys: KeySpec[] = [
    { key: ACTIVE, credits },
    { key: EXHAUSTED, credits: 0 },
    { key: INACTIVE, credits: 1000, active: false },
  ];
  server = await startReferenceServer({ people: 300, jobs: 150, companies: 120, keys, tap: (e) => onExchange?.(e) });
  return server;
}

/** The balance of a key on the reference server, as its ledger holds it. */
function balance(s: ReferenceServer, key: string): number {
  return (s.service as ReferenceService).keyRing.get(key)!.remaining;
}

interface Ran {
  readonly code: number | Error;
  /** Standard output and error interleaved in the order they were written, error lines marked `E|`. */
  readonly log: string;
  readonly err: string;
  readonly dir: string;
}

async function tdssRun(s: ReferenceServer, args: RunArgs, key = ACTIVE, files: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), "tdss-keylimits-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  let log = "";
  let err = "";
  let code: number | Error;
  try {
    code = await executeRun(
      { baseUrl: s.url, reportDir: join(dir, "reports"), reporter: ["console", "json", "junit"], ...args },
      {
        out: (t) => (log += t),
        err: (t) => {
          err += t;
          log += `E|${t}`;
        },
        env: { TDSS_API_KEY: key, TDSS_SECOND_API_KEY: EXHAUSTED },
        cwd: dir,
      },
    );
  } catch (error) {
    code = error as Error;
  }
  return { code, log, err, dir } satisfies Ran;
}

function runFolder(r: Ran): string {
  const root = join(r.dir, "reports");
  return join(root, readdirSync(root)[0]!);
}

function report(r: Ran): Report {
  return JSON.parse(readFileSync(join(runFolder(r), "report.json"), "utf8")) as Report;
}

const statuses = (rep: Report, status: string) => rep.cases.filter((c) => c.status === status).map((c) => c.id);

describe("tdss run: the tester's key", () => {
  it("refuses to start when the balance cannot cover the plan's worst case, before anything is charged", async () => {
    const requests: string[] = [];
    const s = await serve(100, (e) => requests.push(`${e.method} ${e.url}`));
    const r = await tdssRun(s, {});
    expect(r.code).toBeInstanceOf(UsageError);
    const message = (r.code as Error).message;
    expect(message).toMatch(/^the selected cases may cost up to \d+ Credits and the key has 100 left; /);
    expect(message).toMatch(/--only, --tag\) or pass --fit-balance/);
    expect(message).not.toMatch(/\n/);
    expect(balance(s, ACTIVE)).toBe(100);
    expect(new Set(requests)).toEqual(new Set(["GET /auth/key/status"]));
  });

  it("with --fit-balance runs only the cases the balance covers; the others are not run, none failed", async () => {
    const s = await serve(30);
    const r = await tdssRun(s, {
      only: "detail/*,people-query/*",
      fitBalance: true,
      reporter: ["console", "json", "junit", "markdown", "html"],
    });
    // The user asked for what fits: exit 0, but no report's headline may read as a pass of the whole selection.
    expect(r.code, r.log).toBe(0);
    const rep = report(r);
    expect(statuses(rep, "failed")).toEqual([]);
    const leftOut = rep.cases.filter((c) => c.notRun === "balance");
    expect(leftOut.length).toBeGreaterThan(0);
    expect(leftOut.every((c) => c.status === "skipped" && /^not run: balance: /.test(c.reason ?? ""))).toBe(true);
    expect(rep.plan.worstCase).toBeLessThanOrEqual(30);
    expect(rep.plan.leftOut?.cases.map((c) => c.id)).toEqual(leftOut.map((c) => c.id));
    expect(30 - balance(s, ACTIVE)).toBeLessThanOrEqual(rep.plan.worstCase);
    // Said before the first case runs, with the cases left out.
    expect(r.log.indexOf("E|tdss: warning: --fit-balance: the key has 30 Credits")).toBeLessThan(r.log.indexOf("["));
    // Counted by area, not listed one by one: the reports list each case.
    const warning = r.log.split("\n").find((l) => l.startsWith("E|tdss: warning: --fit-balance:"))!;
    expect(warning).toMatch(/are not run: balance \((detail|people-query) \d+(, (detail|people-query) \d+)?; each is/);
    expect(warning).not.toContain(leftOut[0]!.id);
    const junit = readFileSync(join(runFolder(r), "junit.xml"), "utf8");
    expect(junit).toContain(`<skipped message="not run: balance: its worst case of`);
    const ran = rep.summary.total - leftOut.length;
    const headline = `PASS on ${ran} of ${rep.summary.total} cases; ${leftOut.length} not run (balance)`;
    expect(rep.summary.verdict).toBe(headline);
    expect(r.log).toMatch(new RegExp(`^${headline.replace(/[()]/g, "\\$&")}: ${ran} passed, 0 failed`, "m"));
    expect(r.log).not.toMatch(/^PASS:/m);
    expect(readFileSync(join(runFolder(r), "summary.md"), "utf8")).toContain(`# tdss conformance: ${headline}\n`);
    const html = readFileSync(join(runFolder(r), "report.html"), "utf8");
    expect(html).toContain(`<header class="verdict other"><h1>tdss conformance: <span id="verdict">${headline}</span>`);
  });

  it("a balance spent from outside mid-run: no failed case, the priced rest not run: balance, exit 2", async () => {
    let drained = false;
    const s = await serve(1000, (e) => {
      // Another spender empties the key after the first jobs search (a step that does not measure its Credits).
      if (!drained && e.url === "/v1/jobs/query") {
        drained = true;
        (s.service as ReferenceService).keyRing.get(ACTIVE)!.remaining = 0;
      }
    });
    const r = await tdssRun(s, { only: "detail/*,people-query/*", concurrency: 2 });
    expect(drained).toBe(true);
    expect(r.code, r.log).toBe(2);
    const rep = report(r);
    expect(statuses(rep, "failed")).toEqual([]);
    const notRun = rep.cases.filter((c) => c.notRun === "balance").map((c) => c.id);
    expect(notRun.length).toBeGreaterThan(5);
    expect(rep.summary).toMatchObject({ exitCode: 2, notRun: { balance: notRun.length } });
    expect(rep.summary.stopped).toMatchObject({ by: "balance", notRun });
    expect(rep.summary.stopped!.reason).toMatch(/key status reports 0 Credits left/);
    const junit = readFileSync(join(runFolder(r), "junit.xml"), "utf8");
    expect(junit.match(/<skipped message="not run: balance: /g)?.length).toBe(notRun.length);
    expect(junit).toMatch(/<testsuites name="tdss" tests="\d+" failures="0" /);
    // The console says so before its verdict line, and the verdict is not PASS.
    const summary = r.log.slice(r.log.indexOf("Summary by area:"));
    expect(summary).toMatch(/warning: the tester's key could no longer pay: [^\n]*\n[\s\S]*\nINCOMPLETE: /);
  });

  it("a key without the companies scope: its cases not run (scope), said as learnt, none failed, exit 2", async () => {
    const requests: string[] = [];
    const keys: KeySpec[] = [
      { key: ACTIVE, credits: 100_000, scopes: ["people:read", "jobs:read"] },
      { key: EXHAUSTED, credits: 0 },
    ];
    server = await startReferenceServer({
      people: 300,
      jobs: 150,
      companies: 120,
      keys,
      tap: (e) => requests.push(`${e.status} ${e.method} ${e.url}`),
    });
    const r = await tdssRun(server, {
      only: "routes/*companies*,routes/*jobs*,detail/companies-records",
      concurrency: 2,
    });
    expect(r.code, r.log).toBe(2);
    const rep = report(r);
    expect(statuses(rep, "failed")).toEqual([]);
    const outOfScope = rep.cases.filter((c) => c.notRun === "scope");
    expect(outOfScope.map((c) => c.id).sort()).toEqual(
      rep.cases
        .filter((c) => /companies/.test(c.id))
        .map((c) => c.id)
        .sort(),
    );
    expect(outOfScope.every((c) => /^not run: scope: .*lacks the scope of POST \//.test(c.reason ?? ""))).toBe(true);
    expect(rep.cases.filter((c) => /jobs/.test(c.id)).every((c) => c.status === "passed")).toBe(true);
    expect(rep.summary).toMatchObject({ exitCode: 2, notRun: { scope: outOfScope.length } });
    // Learnt once per route: each companies route is refused a handful of times, not once per case and step.
    expect(requests.filter((q) => q.startsWith("403 POST /v1/companies/query")).length).toBeLessThanOrEqual(4);
    // One line as soon as a route is learnt, before the verdict; the scopes key status lists are named.
    const learnt = r.log.split("\n").filter((l) => l.startsWith("E|tdss: warning: the tester's key lacks the scope"));
    expect(learnt.length).toBeGreaterThanOrEqual(1);
    expect(learnt.length).toBeLessThanOrEqual(2);
    expect(learnt[0]).toMatch(/with the scopes people:read, jobs:read: the cases that call the route are not run/);
    expect(r.log.indexOf(learnt[0]!)).toBeLessThan(r.log.indexOf("Summary by area:"));
    expect(r.log).toMatch(/^INCOMPLETE: /m);
    const junit = readFileSync(join(runFolder(r), "junit.xml"), "utf8");
    expect(junit.match(/<skipped message="not run: scope: /g)?.length).toBe(outOfScope.length);
    expect(junit).toMatch(/<testsuites name="tdss" tests="\d+" failures="0" /);
  });

  it("a key status that does not show the balance: warned before the cases, and a 402 later is not run", async () => {
    const s = await serve(8);
    const only =
      "envelope/every-route-success,envelope/two-step-access,detail/jobs-id-reusable,people-query/follow-next," +
      "query-spec/leaf-operators,query-spec/date-forms";
    // The pinned member does not exist: key status then shows no balance (as a deployment's may not).
    const config = "implementation:\n  key_status:\n    remaining: /data/no_such_member\n";
    const r = await tdssRun(s, { only, concurrency: 1, config: "tdss.config.yaml" }, ACTIVE, {
      "tdss.config.yaml": config,
    });
    expect(r.log.indexOf("E|tdss: warning: GET /auth/key/status does not show the key's balance")).toBeGreaterThan(-1);
    expect(r.log.indexOf("E|tdss: warning: GET /auth/key/status does not show")).toBeLessThan(r.log.indexOf("[1/"));
    expect(r.code, r.log).toBe(2);
    const rep = report(r);
    expect(statuses(rep, "failed")).toEqual([]);
    expect(rep.cases.filter((c) => c.notRun === "balance").length).toBeGreaterThan(0);
    expect(rep.summary.stopped?.reason).toMatch(/key status does not show the balance, so the refusal is read as/);
  });

  it("an MCP tool call refused for the balance is not run, not failed", async () => {
    let drained = false;
    const s = await serve(1000, (e) => {
      // Emptied as the MCP session opens, so the tool call itself meets the empty balance.
      if (!drained && e.url.startsWith("/mcp")) {
        drained = true;
        (s.service as ReferenceService).keyRing.get(ACTIVE)!.remaining = 0;
      }
    });
    const r = await tdssRun(s, { only: "mcp/search-parity" });
    expect(drained).toBe(true);
    expect(r.code, r.log).toBe(2);
    const [parity] = report(r).cases;
    expect(parity).toMatchObject({ status: "skipped", notRun: "balance", failures: [] });
    // Caught either by the Credit window's reading before the call (the key has nothing left) or by the call's
    // refusal and key status after it: the balance, both ways.
    expect(parity!.reason).toMatch(/^not run: balance: .*the same search as a tool/);
  });

  it.each([
    ["inactive", INACTIVE, /GET \/auth\/key\/status reports the key as not active \(false\), and a free query/],
    ["unknown", "svc_keylimits_no_such_key", /GET \/auth\/key\/status refused the key \(HTTP 401\), and a free query/],
  ])("--dry-run with an %s key exits 2 with one line, before anything priced", async (_, key, message) => {
    const requests: string[] = [];
    const s = await serve(1000, (e) => requests.push(`${e.method} ${e.url}`));
    const r = await tdssRun(s, { dryRun: true }, key);
    expect(r.code).toBeInstanceOf(UsageError);
    expect((r.code as Error).message).toMatch(message);
    expect((r.code as Error).message).toMatch(/the tester's key, not the deployment, is the problem/);
    expect(requests).toEqual(["GET /auth/key/status", "POST /v1/people/query"]);
    expect(balance(s, ACTIVE)).toBe(1000);
  });
});
