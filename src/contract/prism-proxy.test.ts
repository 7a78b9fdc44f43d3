import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer, type ReferenceServer } from "../reference/index.js";
import { runConformance } from "../runner/run.js";
import { loadSuites } from "../runner/suites.js";
import type { CaseDef } from "../runner/types.js";
import { startPrism, type Prism } from "./testing/prism.js";
import { startRecorder, type RecordedExchange, type Recorder } from "./testing/recorder.js";

/**
 * A third-party validator in the loop: Stoplight Prism's validation proxy (`prism proxy --errors`) between the
 * runner and the reference server, over the REST areas of the suite (Prism does not speak MCP). Prism must find
 * no response that spec/openapi.yaml does not describe, and every request it refuses on the document's
 * authority must be one the reference refuses too: a document stricter than the server would show up here
 * (docs/openapi.md).
 */
const PRISM_ERROR = "https://stoplight.io/prism/errors#";
let reference: ReferenceServer;
let prism: Prism;
let recorder: Recorder;

beforeAll(async () => {
  reference = await startReferenceServer({ port: 0, people: 3000, jobs: 800, companies: 300 });
  prism = await startPrism("proxy", reference.url);
  recorder = await startRecorder(prism.url);
}, 120_000);
afterAll(async () => {
  await recorder?.close();
  await prism?.close();
  await reference?.close();
});

/** A case with an MCP step or a raw request to an MCP address (§4.6), which Prism cannot carry. */
function speaksMcp(c: CaseDef): boolean {
  return (
    c.area === "mcp" ||
    c.steps.some(
      (s) =>
        s.kind.startsWith("mcp") ||
        ["/mcp", "/sse", "/messages"].includes(String((s.spec as { path?: unknown } | null)?.path)),
    )
  );
}

/** Prism's own answer (problem+json), when the exchange was answered by Prism rather than the reference. */
function prismError(
  e: RecordedExchange,
): { type: string; validation?: { location: string[]; message: string }[] } | undefined {
  const type = e.responseHeaders["content-type"];
  if (typeof type !== "string" || !type.startsWith("application/problem+json")) return undefined;
  const body = JSON.parse(Buffer.from(e.responseBody).toString("utf8")) as {
    type?: string;
    validation?: { location: string[]; message: string }[];
  };
  return body.type?.startsWith(PRISM_ERROR)
    ? { type: body.type.slice(PRISM_ERROR.length), ...(body.validation ? { validation: body.validation } : {}) }
    : undefined;
}

function describeExchange(e: RecordedExchange): string {
  const body = Buffer.from(e.requestBody).toString("utf8");
  return `${e.method} ${e.url}${body ? ` ${body.length > 160 ? `${body.slice(0, 160)}…` : body}` : ""}`;
}

describe("Stoplight Prism's validation proxy in front of the reference server", () => {
  it("reports no violation over the REST areas of the suite", async () => {
    const cases = loadSuites().filter((c) => !speaksMcp(c));
    const outcome = await runConformance({
      baseUrl: recorder.url,
      apiKey: reference.keys.active,
      secondKey: reference.keys.exhausted,
      inactiveKey: reference.keys.inactive,
      cases,
      maxCredits: 400,
      concurrency: 4,
      timeoutMs: 20_000,
    });

    // Response violations: the header Prism adds, its error answer with --errors, and its log.
    const violations = recorder.exchanges.flatMap((e) => {
      const error = prismError(e);
      const header = e.responseHeaders["sl-violations"];
      if (error?.type !== "VIOLATIONS" && header === undefined) return [];
      const details = error?.validation ?? (JSON.parse(String(header)) as { location: string[]; message: string }[]);
      return details.map((v) => `${describeExchange(e)}: ${v.location.join(".")}: ${v.message}`);
    });
    expect(violations).toEqual([]);
    expect(
      prism
        .log()
        .split("\n")
        .filter((line) => /VIOLATIONS|Violation/.test(line)),
    ).toEqual([]);
    expect(recorder.exchanges.length).toBeGreaterThan(200);
    // And the runner's verdicts stand with Prism in the path.
    expect(
      outcome.results
        .filter((r) => r.status !== "passed")
        .map((r) => `${r.id}: ${r.failures.map((f) => f.message).join(" | ")}`),
    ).toEqual([]);

    // Requests Prism refused itself (invalid per the document, no key, no such route): the reference must
    // refuse each of them too, or the document forbids what the service serves.
    const refusedByPrism = recorder.exchanges.filter((e) => prismError(e) && prismError(e)!.type !== "VIOLATIONS");
    expect(refusedByPrism.length).toBeGreaterThan(0);
    const servedAnyway: string[] = [];
    for (const e of refusedByPrism) {
      const headers = Object.fromEntries(
        Object.entries(e.requestHeaders).filter(([k]) => !["host", "content-length", "connection"].includes(k)),
      ) as Record<string, string>;
      const body = e.requestBody.length > 0 ? Buffer.from(e.requestBody) : undefined;
      const direct = await fetch(`${reference.url}${e.url}`, { method: e.method, headers, ...(body ? { body } : {}) });
      await direct.arrayBuffer();
      if (direct.status < 400) {
        const why =
          prismError(e)!
            .validation?.map((v) => `${v.location.join(".")}: ${v.message}`)
            .join("; ") ?? prismError(e)!.type;
        servedAnyway.push(`${describeExchange(e)}: Prism refused it (${why}); the reference answered ${direct.status}`);
      }
    }
    expect(servedAnyway).toEqual([]);
  }, 180_000);
});
