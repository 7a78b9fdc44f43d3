import type { ValidateFunction } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { compileChecked, newAjv, schemaDigest } from "../contract/json-schema.js";
import { deriveTools } from "../contract/mcp-tools.js";
import { loadCode } from "../contract/testing/load-code.js";
import { lintCorpus } from "../lint/corpus.js";
import {
  checkOneToolPerRoute,
  checkSameToolsOnBothTransports,
  checkToolSchemaAgreement,
  toolValidatorsCode,
} from "./mcp-tools.js";
import { matchToolsToRoutes } from "../client/tool-match.js";
import { runWithBuiltValidators, distUrl } from "../contract/testing/built-validators.js";
import { schemaAsOtherBuildWritesIt } from "../reference/mcp/other-build-schema.js";

const contractTools = deriveTools();
const byOperation = (tools: typeof contractTools, id: string) => tools.find((t) => t.operationId === id)!;

describe("matchToolsToRoutes (s4-1-tools-list-authoritative)", () => {
  it("matches deployed names to routes by their §4.1 suffix under any prefix", () => {
    const match = matchToolsToRoutes(deriveTools("acme_").map((t) => t.name));
    expect(match.prefix).toBe("acme_");
    expect(match.byOperation.get("getKeyStatus")).toBe("acme_get_key_status");
    expect(match.missing).toEqual([]);
    expect(match.unmatched).toEqual([]);
  });

  it("takes names pinned in the config over the suffix rule", () => {
    const names = [
      ...contractTools.filter((t) => t.operationId !== "searchPeople").map((t) => t.name),
      "svc_nl_people",
    ];
    expect(matchToolsToRoutes(names).missing).toEqual(["searchPeople"]);
    const pinned = matchToolsToRoutes(names, { searchPeople: "svc_nl_people" });
    expect(pinned.byOperation.get("searchPeople")).toBe("svc_nl_people");
    expect(pinned.unmatched).toEqual([]);
  });

  it("gives a pinned name to its route alone, even when it ends with another route's suffix", () => {
    // The deployment calls its people query tool svc_search_people and has no natural-language search tool.
    const names = contractTools
      .filter((t) => t.operationId !== "searchPeople")
      .map((t) => (t.operationId === "queryPeople" ? "svc_search_people" : t.name));
    const match = matchToolsToRoutes(names, { queryPeople: "svc_search_people" });
    expect(match.byOperation.get("queryPeople")).toBe("svc_search_people");
    expect(match.missing).toEqual(["searchPeople"]);
    expect(
      checkOneToolPerRoute(
        names.map((name) => ({ name })),
        { queryPeople: "svc_search_people" },
      ).message,
    ).toBe("no tool for POST /v1/people-search (§4.1 names it svc_search_people)");
  });

  it("prefers the shared prefix when two names end with the same suffix", () => {
    const names = [...contractTools.map((t) => t.name), "legacy_get_jobs"];
    const match = matchToolsToRoutes(names);
    expect(match.byOperation.get("getJobs")).toBe("svc_get_jobs");
    expect(match.unmatched).toEqual(["legacy_get_jobs"]);
  });
});

describe("checkOneToolPerRoute (s4-1-mcp-tool-per-route, s1-mcp-exposes-nine-routes)", () => {
  it("passes the nine tools", () => {
    expect(checkOneToolPerRoute(contractTools)).toMatchObject({ status: "pass", message: '9 tools, prefix "svc_"' });
  });

  it("names the configured tool a route is missing", () => {
    const result = checkOneToolPerRoute(contractTools, { getJobs: "acme_jobs_fetch" });
    expect(result.message).toBe(
      "no tool acme_jobs_fetch for POST /entity/v1/jobs/detail-by-id (named in the config's mcp.tools); tool " +
        "svc_get_jobs matches no route of §4.1",
    );
  });

  it("fails a missing tool, an extra tool and a duplicate", () => {
    const result = checkOneToolPerRoute([
      ...contractTools.slice(1),
      contractTools[2]!,
      { name: "svc_unlock_contacts" },
    ]);
    expect(result.status).toBe("fail");
    expect(result.message).toContain("no tool for POST /v1/people/query (§4.1 names it svc_query_people)");
    expect(result.message).toContain("tool svc_unlock_contacts matches no route");
    expect(result.message).toContain(`tool ${contractTools[2]!.name} is listed more than once`);
  });
});

describe("checkSameToolsOnBothTransports", () => {
  it("passes the same list and fails a tool on one transport only", () => {
    expect(checkSameToolsOnBothTransports(contractTools, [...contractTools].reverse()).status).toBe("pass");
    const outcome = checkSameToolsOnBothTransports(contractTools, contractTools.slice(1));
    expect(outcome).toMatchObject({ status: "fail", message: "svc_query_people is listed on /mcp only" });
    expect(outcome.clause).toBeUndefined();
  });

  it("passes the same constraints as another build writes them, and warns on other constraints", () => {
    // The variant mcp-sse-tool-schemas-other-build: draft-07, definitions for $defs, titles, no descriptions.
    const otherBuild = contractTools.map((t) => ({ ...t, inputSchema: schemaAsOtherBuildWritesIt(t.inputSchema) }));
    expect(JSON.stringify(otherBuild[0]!.inputSchema)).toContain("#/definitions/");
    expect(checkSameToolsOnBothTransports(contractTools, otherBuild).status).toBe("pass");
    const drifted = contractTools.map((t) =>
      t.operationId === "getJobs" ? { ...t, inputSchema: { type: "object" } } : t,
    );
    expect(checkSameToolsOnBothTransports(contractTools, drifted)).toMatchObject({
      status: "fail",
      clause: "s4-6-tool-schema-same-text",
      message: expect.stringMatching(/^svc_get_jobs: the input schema on \/sse states other constraints/),
    });
  });
});

describe("checkToolSchemaAgreement (s4-1-tool-schema-agreement, s4-1-tool-schema-direction)", () => {
  const samples = [
    { body: { text: "engineers" } },
    { body: { text: "" }, note: "empty text" },
    { body: { text: "a", size: 10001 } },
    { body: { text: "a", where: {} } },
  ];

  it("passes the derived schema", () => {
    expect(checkToolSchemaAgreement(byOperation(contractTools, "searchPeople"), "searchPeople", samples)).toEqual([
      expect.objectContaining({ status: "pass", message: "4 sample bodies" }),
    ]);
  });

  it(
    "gives a schema that accepts what the route refuses one outcome resting on the direction reading, naming " +
      "the body",
    () => {
      const loose = {
        name: "svc_search_people",
        inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
      };
      const result = checkToolSchemaAgreement(loose, "searchPeople", samples);
      expect(result).toHaveLength(1);
      expect(result[0]).toMatchObject({ status: "fail", clause: "s4-1-tool-schema-direction" });
      expect(result[0]!.message).toBe(
        'svc_search_people accepts {"text":""} (empty text); 2 more sample(s) alike, which the route refuses: ' +
          "the tool must refuse the call itself",
      );
    },
  );

  it(
    "fails a schema that refuses what the route accepts on the agreement clause (or the sample's own), and one " +
      "that does not compile",
    () => {
      const strict = { name: "svc_search_people", inputSchema: { type: "object", required: ["text", "size"] } };
      const [tight] = checkToolSchemaAgreement(strict, "searchPeople", samples);
      expect(tight).toMatchObject({ status: "fail", clause: "s4-1-tool-schema-agreement" });
      expect(tight!.message).toMatch(/^svc_search_people refuses \{"text":"engineers"\}, which the route accepts/);
      const [reading] = checkToolSchemaAgreement(strict, "searchPeople", [
        { body: { text: "engineers" }, clause: "s4-3-nl-size-range" },
      ]);
      expect(reading).toMatchObject({ status: "fail", clause: "s4-3-nl-size-range" });
      const broken = {
        name: "svc_search_people",
        inputSchema: { type: "object", properties: { text: { $ref: "#/nowhere" } } },
      };
      expect(checkToolSchemaAgreement(broken, "searchPeople", samples)[0]!.message).toMatch(/does not compile/);
    },
  );

  it("asks a GET route's tool only whether it takes the empty object", () => {
    const getSamples = [{ body: {} }, { body: { stray: 1 } }];
    expect(
      checkToolSchemaAgreement(byOperation(contractTools, "getVersion"), "getVersion", getSamples)[0]!.status,
    ).toBe("pass");
    expect(
      checkToolSchemaAgreement(
        { name: "svc_get_version", inputSchema: { type: "object" } },
        "getVersion",
        getSamples,
      )[0]!.status,
    ).toBe("pass");
    const needy = { name: "svc_get_version", inputSchema: { type: "object", required: ["id"] } };
    expect(checkToolSchemaAgreement(needy, "getVersion", getSamples)[0]!.status).toBe("fail");
  });
});

describe("the contract's tool schemas compiled to code by the build (scripts/compile-validators.ts)", () => {
  const withoutDialect = (schema: object) => {
    const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
    return rest;
  };

  it("hold every tool's input schema, judging bodies as a deployed schema compiled on its own is", () => {
    const built = loadCode(toolValidatorsCode()) as Record<string, ValidateFunction>;
    const ids = ["a", "b"];
    const details = [{ job_ids: ids }, { profile_ids: ids }, { company_ids: ids }];
    const bodies = [
      {},
      { stray: 1 },
      null,
      ...details,
      ...lintCorpus.filter((e) => e.raw === undefined).map((e) => e.body),
    ];
    for (const tool of contractTools) {
      const schema = withoutDialect(tool.inputSchema);
      const validate = built[schemaDigest(schema)]!;
      const fresh = compileChecked(newAjv({ strict: false, allErrors: false, validateFormats: false }), schema);
      const verdicts = bodies.map((body) => {
        expect(validate(body), `${tool.name} ${JSON.stringify(body)?.slice(0, 80)}`).toBe(fresh(body));
        return fresh(body);
      });
      // Both verdicts are exercised.
      expect(new Set(verdicts), tool.name).toEqual(new Set([true, false]));
    }
  });

  it("are what a built run checks the contract's schema with, listed in any member order", () => {
    const out = runWithBuiltValidators<{ calls: number; status: string }>(
      "dist/src/checks/mcp-tools.js",
      "BUILT_TOOL_VALIDATORS",
      `const tool = deriveTools().find((t) => t.operationId === "searchPeople"); ` +
        `const reversed = Object.fromEntries(Object.entries(tool.inputSchema).reverse()); ` +
        `const [outcome] = m.checkToolSchemaAgreement({ ...tool, inputSchema: reversed }, "searchPeople", ` +
        `[{ body: { text: "engineers" } }, { body: { text: "" } }]); ` +
        `process.stdout.write(JSON.stringify({ calls, status: outcome.status }));`,
      { imports: `const { deriveTools } = await import(${distUrl("dist/src/contract/mcp-tools.js")}); ` },
    );
    expect(out).toEqual({ calls: 2, status: "pass" });
  });
});
