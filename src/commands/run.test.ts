import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeDeployment, type Fault, type FakeDeployment } from "../runner/testing/fake-deployment.js";
import { packageVersion } from "../lint/version.js";
import { UsageError } from "./command.js";
import { executeRun, type RunArgs } from "./run.js";

let fake: FakeDeployment | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

interface Io {
  out: string;
  err: string;
  dir: string;
}

async function tdssRun(
  args: Parameters<typeof executeRun>[0],
  options: { faults?: Fault[]; env?: Record<string, string>; files?: Record<string, string> } = {},
): Promise<{ code: number | Error } & Io> {
  fake ??= await startFakeDeployment({ faults: options.faults ?? [] });
  const dir = mkdtempSync(join(tmpdir(), "tdss-run-"));
  for (const [name, text] of Object.entries(options.files ?? {}))
    writeFileSync(join(dir, name), text.replaceAll("$URL", fake.url));
  const io = { out: "", err: "", dir };
  const env = {
    TDSS_API_KEY: fake.keys.active,
    TDSS_SECOND_API_KEY: fake.keys.exhausted,
    TDSS_INACTIVE_API_KEY: fake.keys.inactive,
    ...options.env,
  };
  let code: number | Error;
  try {
    code = await executeRun(
      { baseUrl: fake.url, reportDir: join(dir, "reports"), ...args },
      { out: (t) => (io.out += t), err: (t) => (io.err += t), env, cwd: dir },
    );
  } catch (error) {
    code = error as Error;
  }
  return { code, ...io };
}

function reportFiles(dir: string): string[] {
  const root = join(dir, "reports");
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((run) => readdirSync(join(root, run)).map((f) => join(root, run, f)));
}

describe("tdss run", () => {
  it(
    "exits 0 when every case passes, writes report.json, " + "junit.xml and summary.md, and never shows the key",
    async () => {
      const summaryFile = join(mkdtempSync(join(tmpdir(), "tdss-gh-")), "summary.md");
      const r = await tdssRun({ only: "version,credits,auth" }, { env: { GITHUB_STEP_SUMMARY: summaryFile } });
      expect(r.code, r.out + r.err).toBe(0);
      const files = reportFiles(r.dir);
      expect(files.map((f) => f.split("/").pop()).sort()).toEqual([
        "junit.xml",
        "report.html",
        "report.json",
        "summary.md",
      ]);
      const report = JSON.parse(
        readFileSync(
          files.find((f) => f.endsWith("report.json"))!,
          "utf8",
        ),
      );
      expect(report.summary).toMatchObject({ failed: 0, skipped: 0, exitCode: 0 });
      expect(report.tool).toMatchObject({
        name: "tdss",
        version: packageVersion(),
        suiteHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      });
      expect(report.target).toEqual({
        baseUrl: fake!.url.replace(/\/?$/, "/"),
        version: { version: expect.any(String), fingerprint: expect.any(String) },
      });
      expect(report.summary.passed).toBe(report.cases.length);
      expect(report.coverage.clauses.find((c: { id: string }) => c.id === "s8-cost-key-status")).toMatchObject({
        status: "passed",
      });
      expect(r.out).toMatch(/Summary by area:\n {2}auth +\d+ passed +0 failed/);
      expect(r.out).toMatch(/^\[ ?\d+\/\d+\] pass {2}version\/version-and-fingerprint/m);
      expect(readFileSync(summaryFile, "utf8")).toMatch(/^# tdss conformance: PASS/);
      for (const text of [
        r.out,
        r.err,
        readFileSync(summaryFile, "utf8"),
        ...files.map((f) => readFileSync(f, "utf8")),
      ]) {
        expect(text).not.toContain(fake!.keys.active);
        expect(text).not.toContain(fake!.keys.exhausted);
        expect(text).not.toContain(fake!.keys.inactive);
      }
    },
  );

  it("exits 1 on a failure, with the failing check and a curl command in every report", async () => {
    const r = await tdssRun({ only: "routes/detail-cost-and-not-found-people" }, { faults: ["overcharge-detail"] });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      new RegExp(
        "FAIL {2}routes/detail-cost-and-not-found-people.*\\n {8}1 failed check:\\n {8}" +
          "step 2 \\(only unknown IDs\\) · credits: " +
          "the\\s+balance\\s+fell\\s+by\\s+1\\s+Credits;\\s+this\\s+request\\s+costs\\s+nothing",
      ),
    );
    const files = reportFiles(r.dir);
    const junit = readFileSync(
      files.find((f) => f.endsWith("junit.xml"))!,
      "utf8",
    );
    expect(junit).toMatch(/<failure type="credits" message="credits: the balance fell by 1 Credits/);
    expect(junit).toContain("reproduce: curl -sS -X POST");
    const md = readFileSync(
      files.find((f) => f.endsWith("summary.md"))!,
      "utf8",
    );
    expect(md).toMatch(/^# tdss conformance: FAIL/);
    expect(md).toContain('-H "authorization: Bearer $TDSS_API_KEY"');
    for (const f of files) expect(readFileSync(f, "utf8")).not.toContain(fake!.keys.active);
  });

  it("exits 0 when the only failure is expected, and 1 on drift", async () => {
    const expected = await tdssRun(
      { only: "version/*", expectations: "known.yaml" },
      {
        faults: ["unstable-version"],
        files: {
          "known.yaml":
            "expected_failures:\n  - id: version/version-and-fingerprint\n    reason: the vendor's " +
            "fingerprint changes per node\n",
        },
      },
    );
    expect(expected.code).toBe(0);
    expect(expected.out).toMatch(
      /xfail version\/version-and-fingerprint[\s\S]*the vendor's fingerprint changes per node/,
    );
    await fake!.close();
    fake = undefined;
    const drift = await tdssRun(
      { only: "version/*" },
      { files: { "tdss.config.yaml": "fingerprint: sha256:pinned\n" } },
    );
    expect(drift.code).toBe(1);
    expect(drift.out).toMatch(/DRIFT version\/version-and-fingerprint/);
  });

  it("takes --only more than once as one comma-separated selection", async () => {
    const r = await tdssRun({ list: true, only: ["version/*", "limits/*"] });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/limits\/one-operator-per-leaf[\s\S]*version\/version-and-fingerprint[\s\S]*\n2 cases;/);
  });

  it("prints the plan on a dry run, writes no report and spends nothing", async () => {
    const r = await tdssRun({ dryRun: true, only: "detail" });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      new RegExp(
        /Plan \(worst-case Credits per /.source +
          /case\):[\s\S]*detail\/profiles-by-linkedin-url +\d+[\s\S]*total +\d+ +of a /.source +
          /400-Credit limit; the key has 100000 left/.source,
      ),
    );
    // The fake's key status reports 10,000 requests a second: the run keeps a tenth below it.
    expect(r.out).toMatch(
      /Pace: 9000 requests a second, a tenth below the key's rate limit: the \d+ requests planned take/,
    );
    expect(reportFiles(r.dir)).toEqual([]);
    expect(fake!.balance(fake!.keys.active)).toBe(100_000);
  });

  it("refuses to start over --max-credits (exit 2, with the estimate)", async () => {
    const r = await tdssRun({ only: "detail", maxCredits: 5 });
    expect(r.code).toBeInstanceOf(UsageError);
    expect(String((r.code as Error).message)).toMatch(/may cost up to \d+ Credits, more than --max-credits 5/);
    expect(r.out).toMatch(/Plan \(worst-case Credits per case\)/);
    expect(fake!.hits.size).toBe(0);
  });

  it.each([
    [{ only: "nothing-like-this" }, {}, /no case matches --only nothing-like-this/],
    [{ reporter: ["console,xml"] }, {}, /unknown reporter "xml"/],
    [
      { config: "tdss.config.yaml" },
      { files: { "tdss.config.yaml": "base_url: $URL\nmax_credit: 10\n" } },
      /configuration tdss.config.yaml: unknown key "max_credit" \(did you mean "max_credits"\?\)$/,
    ],
    [
      { config: "tdss.config.yaml" },
      { files: { "tdss.config.yaml": "implementation:\n  key_status:\n    remaining: data/credits\n" } },
      /implementation\.key_status\.remaining: "data\/credits": expected a JSON Pointer into the answer/,
    ],
    [
      { expectations: "x.yaml" },
      { files: { "x.yaml": "expected_failures:\n  - id: detail/nope\n    reason: typo\n" } },
      /expectations .*x.yaml: expected_failures\[0\]: no case has the id detail\/nope/,
    ],
    [{ baseUrl: "http://127.0.0.1:9" }, {}, /cannot reach http:\/\/127.0.0.1:9\/: connection refused/],
    [{}, { env: { TDSS_API_KEY: "" } }, /no API key: set TDSS_API_KEY /],
    [{ concurrency: 0 }, {}, /--concurrency must be an integer of at least 1/],
  ] as [RunArgs, Parameters<typeof tdssRun>[1], RegExp][])(
    "exits 2 with one clear line: %o",
    async (args, options, message) => {
      const r = await tdssRun(args, options);
      expect(r.code).toBeInstanceOf(UsageError);
      expect((r.code as Error).message).toMatch(message);
      expect(reportFiles(r.dir)).toEqual([]);
    },
  );

  it("warns that plain http to another host carries the key unencrypted", async () => {
    const r = await tdssRun({ baseUrl: "http://198.51.100.7:1", timeout: 200 });
    expect(r.err).toMatch(/warning: http:\/\/198.51.100.7:1 is plain http to a host other than this machine/);
  });
});
