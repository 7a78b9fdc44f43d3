import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { main } from "../cli.js";
import { ConfigError, findRunConfig, loadConfig } from "./config.js";
import { applyExpectations, loadExpectations } from "./expectations.js";
import type { CaseResult } from "./types.js";

const dir = mkdtempSync(join(tmpdir(), "tdss-config-"));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe("config files", () => {
  it("read every member, resolving paths against the file's folder", () => {
    const path = file(
      "tdss.config.yaml",
      [
        "base_url: https://api.vendor.example",
        "api_key_env: VENDOR_KEY",
        "second_key_env: VENDOR_EXHAUSTED_KEY",
        "inactive_key_env: VENDOR_INACTIVE_KEY",
        "max_credits: 150",
        "concurrency: 2",
        "timeout_ms: 5000",
        "fingerprint: sha256:abc",
        "expectations: known-failures.yaml",
        "report_dir: out",
        "reporters: [console, junit]",
        "version_cost_reserve: 2",
        "implementation:",
        "  key_status: { remaining: /data/credits/left, rate_limit: /data/limits }",
        "  version: { fingerprint: /data/schema_hash }",
        "  search_ids: { searchPeople: /data/people }",
        "  detail_records: { getJobs: /data/jobs }",
      ].join("\n"),
    );
    const expected = {
      baseUrl: "https://api.vendor.example",
      apiKeyEnv: "VENDOR_KEY",
      secondKeyEnv: "VENDOR_EXHAUSTED_KEY",
      inactiveKeyEnv: "VENDOR_INACTIVE_KEY",
      maxCredits: 150,
      concurrency: 2,
      timeoutMs: 5000,
      fingerprint: "sha256:abc",
      expectations: join(dir, "known-failures.yaml"),
      reportDir: join(dir, "out"),
      reporters: ["console", "junit"],
      versionCostReserve: 2,
      implementation: {
        keyStatus: { remaining: "/data/credits/left", rateLimit: "/data/limits" },
        version: { fingerprint: "/data/schema_hash" },
        searchIds: { searchPeople: "/data/people" },
        detailRecords: { getJobs: "/data/jobs" },
      },
    };
    expect(loadConfig(path)).toEqual({ file: path, ...expected });
    // Found from a folder below, as every command finds it, and named relative to that folder.
    const below = join(dir, "deep", "er");
    mkdirSync(below, { recursive: true });
    expect(findRunConfig(undefined, below)).toEqual({ file: join("..", "..", "tdss.config.yaml"), ...expected });
  });

  it("name the member that is wrong", () => {
    expect(() => loadConfig(file("a.yaml", "api_key: svc_secret\n"))).toThrow(
      /a\.yaml: api_key: a key never lives in the file: set api_key_env to the name of the environment variable /,
    );
    expect(() => loadConfig(file("b.yaml", "max_credits: lots\n"))).toThrow(
      /b\.yaml: max_credits: expected a whole number, got "lots"$/,
    );
    // A key not known at all: the near names, else every key the level takes.
    expect(() => loadConfig(file("b2.yaml", "max_credit: 10\n"))).toThrow(
      /b2\.yaml: unknown key "max_credit" \(did you mean "max_credits"\?\)$/,
    );
    expect(() => loadConfig(file("b3.yaml", "gateway:\n  zzz: 1\n"))).toThrow(
      /b3\.yaml: gateway: unknown key "zzz"; the keys here are upstream, port, host, block, log, timeout_ms$/,
    );
    expect(() => loadConfig(file("b4.yaml", "concurrency: 100\n"))).toThrow(
      /b4\.yaml: concurrency: expected at most 64, got 100$/,
    );
    expect(() => loadConfig(file("b5.yaml", "reporters: [console, pdf]\n"))).toThrow(
      /b5\.yaml: reporters\[1\]: "pdf" is not one of "console", "json", "junit", "markdown", "html"$/,
    );
    expect(() => loadConfig(file("b6.yaml", "api_key_env: 1KEY\n"))).toThrow(
      /b6\.yaml: api_key_env: "1KEY": expected the name of an environment variable \(letters, digits and _/,
    );
    expect(() => loadConfig(file("b7.yaml", "implementation:\n  key_status:\n    remaining: data.left\n"))).toThrow(
      /b7\.yaml: implementation\.key_status\.remaining: "data\.left": expected a JSON Pointer into the answer/,
    );
    expect(() => loadConfig(file("b8.yaml", "gateway:\n  block: [refused, refused]\n"))).toThrow(
      /b8\.yaml: gateway\.block: "refused" is listed twice$/,
    );
    expect(() => loadConfig(file("c.json", "{ nope"))).toThrow(ConfigError);
    expect(() => loadConfig(join(dir, "missing.yaml"))).toThrow(
      /^cannot read the configuration .*missing\.yaml: no such file$/,
    );
  });
});

describe("the mcp.tools map of a config file (s4-1-tools-list-authoritative)", () => {
  it("reads deployed tool names keyed by operationId; a route left out is matched by suffix", () => {
    const path = file(
      "mcp.yaml",
      "mcp:\n  tools:\n    queryPeople: acme_people_query\n    getKeyStatus: acme.key-status\n",
    );
    expect(loadConfig(path).mcpTools).toEqual({ queryPeople: "acme_people_query", getKeyStatus: "acme.key-status" });
    expect(loadConfig(file("none.yaml", "mcp: { tools: {} }\n")).mcpTools).toBeUndefined();
    expect(loadConfig(file("empty.yaml", "base_url: http://127.0.0.1:1\n")).mcpTools).toBeUndefined();
  });

  it("refuses a bad map, naming the member", () => {
    expect(() => loadConfig(file("m1.yaml", "mcp:\n  tools:\n    query_people: acme_people_query\n"))).toThrow(
      /m1\.yaml: mcp\.tools: unknown key "query_people" \(did you mean "queryPeople"\?\)$/,
    );
    expect(() => loadConfig(file("m2.yaml", "mcp:\n  tools:\n    queryPeople: 3\n"))).toThrow(
      /m2\.yaml: mcp\.tools\.queryPeople: expected a string, got 3$/,
    );
    expect(() => loadConfig(file("m3.yaml", "mcp:\n  tools:\n    queryPeople: ''\n"))).toThrow(
      /mcp\.tools\.queryPeople: expected a string that is not empty$/,
    );
    expect(() => loadConfig(file("m4.yaml", "mcp:\n  tools:\n    queryPeople: acme people\n"))).toThrow(
      /mcp\.tools\.queryPeople: "acme people": expected a tool name without spaces$/,
    );
    expect(() => loadConfig(file("m5.yaml", "mcp:\n  tools: [acme_people_query]\n"))).toThrow(
      /mcp\.tools: expected a map of keys to values, got \["acme_people_query"\]$/,
    );
    expect(() => loadConfig(file("m6.yaml", "mcp:\n  tool_names: {}\n"))).toThrow(
      /mcp: unknown key "tool_names"; the keys here are tools$/,
    );
    expect(() =>
      loadConfig(file("m7.yaml", "mcp:\n  tools:\n    getJobs: acme_fetch\n    getCompanies: acme_fetch\n")),
    ).toThrow(
      new RegExp(
        /m7\.yaml: mcp\.tools\.getJobs: tool acme_fetch is named for more than one /.source +
          /route; each route has its own tool \(§4\.1\)/.source,
      ),
    );
  });

  it("stops tdss run with one line on stderr and exit status 2, before anything is sent", async () => {
    const path = file("bad-map.yaml", "base_url: http://127.0.0.1:9\nmcp:\n  tools:\n    queryPeople: 3\n");
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const stdout = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      expect(await main(["run", "--config", path, "--api-key", "svc_not_sent"])).toBe(2);
      const written = stderr.mock.calls.map(([text]) => String(text)).join("");
      expect(written).toBe(`tdss: configuration ${path}: mcp.tools.queryPeople: expected a string, got 3\n`);
      expect(stdout).not.toHaveBeenCalled();
    } finally {
      stderr.mockRestore();
      stdout.mockRestore();
    }
  });
});

describe("expectations files", () => {
  const known = new Set(["detail/a", "auth/b"]);
  it("map case ids to reasons", () => {
    const path = file("x.yaml", "expected_failures:\n  - id: detail/a\n    reason: vendor omits nulls (ticket 12)\n");
    expect([...loadExpectations(path, known)]).toEqual([["detail/a", "vendor omits nulls (ticket 12)"]]);
  });

  it("refuse unknown ids, missing reasons and other shapes", () => {
    expect(() =>
      loadExpectations(file("y.yaml", "expected_failures:\n  - id: detail/zz\n    reason: r\n"), known),
    ).toThrow(/: expected_failures\[0\]: no case has the id detail\/zz/);
    expect(() =>
      loadExpectations(file("y2.yaml", "expected_failures:\n  - id: detail/A\n    reason: r\n"), known),
    ).toThrow(/: expected_failures\[0\]: no case has the id detail\/A \(did you mean "detail\/a"\?\)$/);
    expect(() => loadExpectations(file("z.yaml", "expected_failures:\n  - id: detail/a\n"), known)).toThrow(
      /each entry is \{id/,
    );
    expect(() => loadExpectations(file("w.yaml", "- detail/a\n"), known)).toThrow(
      /expected one member, expected_failures/,
    );
  });

  it("turn a listed failure into an expected failure and a listed pass into an unexpected pass", () => {
    const r = { id: "detail/a", status: "failed" } as CaseResult;
    const map = new Map([["detail/a", "why"]]);
    expect(applyExpectations(r, map)).toMatchObject({ status: "expected-failure", reason: "why" });
    expect(applyExpectations({ ...r, status: "passed" }, map)).toMatchObject({ status: "unexpected-pass" });
    expect(applyExpectations({ ...r, status: "skipped" }, map).status).toBe("skipped");
    expect(applyExpectations({ ...r, id: "other" }, map).status).toBe("failed");
  });
});
