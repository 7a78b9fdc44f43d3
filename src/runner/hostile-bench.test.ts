import { describe, expect, it } from "vitest";
import { runAgainstHostile } from "./testing/hostile-bench.js";
import { hostileKind } from "./testing/hostile-servers.js";

/**
 * A representative part of `npm run bench:hostile` (the whole takes minutes on a loaded machine): the real CLI
 * against servers that echo the key in every encoding, that stop answering, and that rate-limit with a long
 * Retry-After. Every output and report file is searched for the key in every encoding.
 */
const options = { timeoutMs: 1500, concurrency: 4 };

describe("tdss run against hostile servers (the CLI, as a child process)", () => {
  for (const id of ["echo-key-raw", "echo-key-json-escaped", "echo-key-encoded"]) {
    it(
      `never writes the key a server echoes (${id}) to the console or a report file`,
      { timeout: 180_000 },
      async () => {
        const r = await runAgainstHostile(hostileKind(id), options);
        expect(r.leaks).toEqual([]);
        expect(r.problems).toEqual([]);
        expect(r.exitCode).toBe(1);
        expect([...r.files].sort()).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/report\.json$/),
            expect.stringMatching(/junit\.xml$/),
            expect.stringMatching(/summary\.md$/),
          ]),
        );
      },
    );
  }

  it(
    "stops early against a deployment that stops answering: exit 2 and every report file",
    { timeout: 180_000 },
    async () => {
      const r = await runAgainstHostile(hostileKind("never-answers"), options);
      expect(r.problems).toEqual([]);
      expect(r.exitCode).toBe(2);
      expect(r.summary?.exitCode).toBe(2);
      expect(r.notRun).toBeGreaterThan(40);
      expect(r.files.length).toBe(4); // report.json, junit.xml, summary.md, report.html
    },
  );

  it("does not wait for a Retry-After longer than the timeout", { timeout: 180_000 }, async () => {
    const r = await runAgainstHostile(hostileKind("rate-limited"), options);
    expect(r.problems).toEqual([]);
    // Every answer a 429: the key's rate, never a verdict on the deployment; the run is incomplete (docs/run.md).
    expect(r.exitCode).toBe(2);
    // 29 s a request would take the run past the bound many times over.
    expect(r.seconds).toBeLessThan(r.boundSeconds);
  });
});
