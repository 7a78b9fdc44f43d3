import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startReferenceServer, type ReferenceServer } from "../../reference/index.js";
import { buildReport } from "../../report/report.js";
import { runConformance } from "../run.js";
import { loadSuites } from "../suites.js";
import type { RecordedExchange } from "../evidence.js";
import { OPERATORS } from "../../contract/index.js";

/**
 * What a failure of the search-semantics oracles cites and keeps, against a reference server whose people `total`
 * counts the IDs on the page instead of the matches (mutant people-total-counts-page): the clause the fault breaks,
 * the exchange that shows it, and in the coverage that clause alone failed.
 */
let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({
    port: 0,
    people: 300,
    jobs: 150,
    companies: 120,
    mutant: "people-total-counts-page",
  });
});
afterAll(async () => {
  await server?.close();
});

const data = (e: RecordedExchange | undefined) =>
  (
    JSON.parse(e?.response?.body?.text ?? "null") as {
      data?: { profile_ids?: unknown[]; total?: unknown; next?: unknown };
    } | null
  )?.data;
const sizeOf = (e: RecordedExchange | undefined) =>
  (JSON.parse(e?.request.body?.text ?? "{}") as { size?: number }).size;
const whereOf = (e: RecordedExchange | undefined) => JSON.stringify(JSON.parse(e?.request.body?.text ?? "{}").where);

describe("a partition whose totals disagree", () => {
  it("cites the total clause, keeps an exchange whose total is wrong, and fails that clause alone", async () => {
    const cases = loadSuites().filter((c) => c.id === "search-semantics/people");
    const outcome = await runConformance({
      baseUrl: server.url,
      apiKey: server.keys.active,
      cases,
      maxCredits: 400,
      concurrency: 1,
      timeoutMs: 10_000,
    });
    const result = outcome.results[0]!;
    expect(result.status).toBe("failed");
    expect(result.failures.length).toBeGreaterThan(0);
    for (const f of result.failures) {
      expect(f.check).toBe("partition");
      expect(f.clause?.id).toBe("s4-3-total-counts-matches");
      expect(f.clause?.quote).toBe("It counts matches, not returned IDs.");
      expect(f.clauses).toEqual(["s4-3-total-counts-matches"]);
      // The kept exchange answers with a total that is not the count of its matches: it counts its page while a next
      // says more remain, and the same query asked with another page size (the exchange it is read against) gives
      // another total.
      const shown = result.exchanges?.[f.exchange!];
      const against = result.exchanges?.[f.related![0]!];
      expect(f.curl).toBe(shown?.curl);
      expect(whereOf(against)).toBe(whereOf(shown));
      expect(sizeOf(against)).not.toBe(sizeOf(shown));
      const total = data(shown)?.total;
      expect(typeof total).toBe("number");
      expect(total).toBe(data(shown)?.profile_ids?.length);
      expect(data(shown)?.next).toEqual(expect.any(String));
      expect(total).not.toBe(data(against)?.total);
    }
    const failed = buildReport(outcome, cases)
      .coverage.clauses.filter((c) => c.status === "failed")
      .map((c) => c.id);
    expect(failed).toEqual(["s4-3-total-counts-matches"]);
  });
});

const BOOLEANS = new Set(["is_working", "is_decision_maker", "is_current", "is_studying"]);

/** What a proxy in front of the reference does with a people search: answers it itself, or forwards another body. */
type Intercept = (where: unknown) => { status: number; text: string } | { where: unknown } | undefined;

/** A proxy in front of the reference whose people searches go through `intercept`: a fault of a deployment. */
async function faultyPeopleSearch(
  upstream: string,
  intercept: Intercept,
): Promise<{ url: string; close: () => Promise<void> }> {
  const proxy: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body = Buffer.concat(chunks);
      if (req.url === "/v1/people/query") {
        const parsed = JSON.parse(body.toString() || "{}") as { where?: unknown };
        const done = intercept(parsed.where);
        if (done && "status" in done) {
          res.writeHead(done.status, { "content-type": "application/json" });
          res.end(done.text);
          return;
        }
        if (done) body = Buffer.from(JSON.stringify({ ...parsed, where: done.where }));
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !["host", "connection", "content-length"].includes(k)),
      ) as Record<string, string>;
      fetch(upstream + req.url, {
        method: req.method,
        headers,
        ...(req.method === "GET" || req.method === "HEAD" ? {} : { body }),
      }).then(
        async (r) => {
          res.writeHead(r.status, { "content-type": r.headers.get("content-type") ?? "application/json" });
          res.end(Buffer.from(await r.arrayBuffer()));
        },
        () => res.destroy(),
      );
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

/** The people semantics case against the correct reference behind a faulty proxy. */
async function peopleSemanticsThrough(intercept: Intercept) {
  const correct = await startReferenceServer({ port: 0, people: 300, jobs: 150, companies: 120 });
  const proxy = await faultyPeopleSearch(correct.url, intercept);
  try {
    const cases = loadSuites().filter((c) => c.id === "search-semantics/people");
    const outcome = await runConformance({
      baseUrl: proxy.url,
      apiKey: correct.keys.active,
      cases,
      maxCredits: 400,
      concurrency: 1,
      timeoutMs: 10_000,
    });
    return outcome.results[0]!;
  } finally {
    await proxy.close();
    await correct.close();
  }
}

/** Every leaf of a query tree rewritten by `f`. */
function mapLeaves(node: unknown, f: (leaf: Record<string, unknown>) => unknown): unknown {
  if (Array.isArray(node)) return node.map((n) => mapLeaves(n, f));
  if (node === null || typeof node !== "object") return node;
  const n = node as Record<string, unknown>;
  if (typeof n.field === "string") return f(n);
  return Object.fromEntries(Object.entries(n).map(([k, v]) => [k, mapLeaves(v, f)]));
}

describe("an oracle's query answered HTTP 500", () => {
  it("is no refusal: the record it misses fails retrievability on the condition's clauses", async () => {
    // The crash of a server whose boolean column has no `exists` branch: §2.2 gives booleans eq, in and exists.
    const crash = /\{"field":"is_\w+","exists":true\}/;
    const result = await peopleSemanticsThrough((where) =>
      crash.test(JSON.stringify(where)) ? { status: 500, text: '{"code":500,"msg":"internal error"}' } : undefined,
    );
    expect(result.status).toBe("failed");
    const crashed = result.failures.filter((f) => f.message.includes("HTTP 500"));
    expect(crashed.length).toBeGreaterThan(0);
    for (const f of crashed) {
      expect(f.check).toBe("retrievability");
      expect(f.message).toMatch(/"exists":true/);
      expect(f.clauses).toContain("s4-2-exists-presence");
    }
  });
});

describe("a people boolean whose in matches every value", () => {
  it("fails the relation in [b] ∩ eq not-b = ∅, on the in clause", async () => {
    // With every record holding a value, in [true, false] matches everyone either way: only in one value tells.
    const result = await peopleSemanticsThrough((where) => ({
      where: mapLeaves(where, (leaf) =>
        BOOLEANS.has(String(leaf.field)) && Array.isArray(leaf.in) ? { ...leaf, in: [true, false] } : leaf,
      ),
    }));
    expect(result.status).toBe("failed");
    const broken = result.failures.filter((f) => f.check === "relation" && /in \[(true|false)\] ∩ eq/.test(f.message));
    expect(broken.length).toBeGreaterThan(0);
    for (const f of broken) expect(f.clauses).toContain("s4-2-in-listed-value");
  });
});

describe("the operators a deployment takes on companies (not shown, s2-5-job-operators-not-shown)", () => {
  it("are learnt with the halves of each refused list side by side: a short chain, one map every run", async () => {
    const cases = loadSuites().filter((c) => c.id === "search-semantics/companies");
    const learn = async () => {
      const outcome = await runConformance({
        baseUrl: server.url,
        apiKey: server.keys.active,
        cases,
        maxCredits: 400,
        concurrency: 1,
        timeoutMs: 10_000,
      });
      expect(outcome.results[0]!.status).toBe("passed");
      return { chain: outcome.results[0]!.roundTrips!, map: outcome.observed["search-semantics.operators.companies"] };
    };
    const [first, second] = [await learn(), await learn()];
    // One by one, the halving of the reference's refusals (match on its identity fields) took 38 round trips.
    expect(first.chain).toBeLessThanOrEqual(20);
    expect(second.map).toEqual(first.map);
    const map = (first.map?.value as Record<string, string>[] | undefined)?.[0] ?? {};
    expect(Object.keys(map).length).toBe(23);
    for (const ops of Object.values(map))
      expect(ops.split(",")).toEqual(OPERATORS.filter((op) => ops.split(",").includes(op)));
    expect(map.website).not.toContain("match");
    expect(map.name).toContain("match");
  });
});
