import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadContract, OPERATION_IDS, type OperationId } from "./index.js";
import { requestValidator } from "./validators.js";
import { deriveTools, routeToolSchema, toolName, toolSuffix } from "./mcp-tools.js";

/** A validator as an MCP client would build one: nothing but the tool's own inputSchema. */
function clientValidator(operationId: OperationId) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  return ajv.compile(routeToolSchema(operationId));
}

const POST_ROUTES = OPERATION_IDS.filter((id) => loadContract().operations.get(id)!.method === "POST");

const SAMPLES: Partial<Record<OperationId, unknown[]>> = {
  queryPeople: [
    { where: { field: "city", eq: "Berlin" } },
    {
      where: { all: [{ field: "experience_months", gte: 12 }, { has_experience: { field: "is_current", eq: true } }] },
      size: 10,
    },
    { where: { field: "city", eq: "Berlin", match: "x" } },
    { where: { field: "cty", eq: "Berlin" } },
    { size: 10 },
    { where: { field: "city", eq: "Berlin" }, size: 0 },
    { where: { field: "city", eq: "Berlin" }, size: 10001 },
    { where: { any: [{ not: { field: "skills", match: "go" } }] }, after: "c" },
  ],
  searchPeople: [
    { text: "a" },
    { text: "" },
    { text: "x".repeat(5001) },
    { text: "a", size: 5 },
    { text: "a", where: {} },
  ],
  getProfiles: [
    { profile_ids: ["a"] },
    { profile_ids: [] },
    { profile_ids: Array(101).fill("a") },
    { profile_ids: ["a"], _source: ["full_name"] },
    {},
  ],
  queryJobs: [
    {},
    { where: { field: "posted", gte: "now-30d" } },
    { where: { has_experience: { field: "title", eq: "x" } } },
  ],
  getJobs: [{ job_ids: ["a"], _source: ["company_id"] }, { job_ids: ["a"], _source: ["nope"] }, { job_ids: "a" }],
  queryCompanies: [
    { where: { field: "founded_year", gte: 2000 } },
    { where: { field: "hq_country_iso2", in: ["DE"] } },
    { where: { field: "country", eq: "DE" } },
  ],
  getCompanies: [{ company_ids: ["a"] }, { company_ids: Array(101).fill("a") }],
};

describe("tool input schemas derived from the OpenAPI request bodies (s4-1-tool-schema-agreement)", () => {
  it("names the nine tools by x-mcp-tool, under any prefix", () => {
    expect(deriveTools().map((t) => t.name)).toEqual(
      OPERATION_IDS.map((id) => loadContract().operations.get(id)!.tool),
    );
    expect(deriveTools("acme_").map((t) => t.name)).toContain("acme_query_people");
    expect(toolSuffix("getKeyStatus")).toBe("get_key_status");
    expect(toolName("getJobs", "")).toBe("get_jobs");
  });

  it("makes each POST tool schema self-contained: an object root, every $ref resolved inside its own $defs", () => {
    for (const operationId of POST_ROUTES) {
      const schema = routeToolSchema(operationId);
      const text = JSON.stringify(schema);
      expect(schema.type).toBe("object");
      expect(text).not.toContain("#/components/");
      for (const [, name] of text.matchAll(/"\$ref":"#\/\$defs\/([^"]+)"/g))
        expect((schema.$defs as Record<string, unknown>)[name!], `${operationId} ${name}`).toBeDefined();
    }
  });

  it("gives a GET route's tool an empty object schema: it takes no arguments", () => {
    expect(routeToolSchema("getVersion")).toEqual({ type: "object", properties: {}, additionalProperties: false });
    expect(routeToolSchema("getKeyStatus")).toEqual(routeToolSchema("getVersion"));
  });

  it("accepts and refuses the sample bodies exactly as the route's request validator does", () => {
    for (const operationId of POST_ROUTES) {
      const tool = clientValidator(operationId);
      const route = requestValidator(operationId);
      const verdicts = (SAMPLES[operationId] ?? []).map((body) => [tool(body), route(body)]);
      expect(verdicts.length).toBeGreaterThan(1);
      for (const [i, [toolVerdict, routeVerdict]] of verdicts.entries())
        expect(toolVerdict, `${operationId} sample ${i}`).toBe(routeVerdict);
      expect(verdicts.some(([, ok]) => ok)).toBe(true);
      expect(verdicts.some(([, ok]) => !ok)).toBe(true);
    }
  });

  it("agrees with the route's validator on generated bodies", () => {
    const validators = POST_ROUTES.map((id) => [clientValidator(id), requestValidator(id)] as const);
    const leaf = fc.record(
      {
        field: fc.constantFrom("city", "skills", "title", "posted", "name", "bogus"),
        eq: fc.oneof(fc.string(), fc.integer()),
      },
      { requiredKeys: ["field"] },
    );
    const body = fc.record(
      {
        where: fc.oneof(leaf, fc.record({ all: fc.array(leaf, { maxLength: 3 }) })),
        size: fc.integer({ min: -1, max: 10002 }),
        text: fc.string({ maxLength: 3 }),
        profile_ids: fc.array(fc.string(), { maxLength: 2 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(body, (b) => {
        for (const [tool, route] of validators) if (tool(b) !== route(b)) return false;
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it("describes each tool by its route", () => {
    const tool = deriveTools().find((t) => t.operationId === "getProfiles")!;
    expect(tool.description).toContain("Fetch profile records");
    expect(tool.description).toContain("POST /entity/v1/profiles/detail-by-id");
  });
});
