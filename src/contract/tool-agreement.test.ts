import { describe, expect, it } from "vitest";
import { assertToolListAgrees, firstDifference, ToolAgreementError, toolListDisagreements } from "./tool-agreement.js";
import { deriveTools } from "./mcp-tools.js";
import { createMcpHandler } from "../reference/mcp/handler.js";
import type { Service } from "../reference/service.js";

const unusedService: Service = {
  call: () => Promise.reject(new Error("not called at start")),
};

describe("the start-up check of the tool list against spec/openapi.yaml (s4-1-tool-schema-agreement)", () => {
  it("passes the derived tool list under any prefix", () => {
    expect(toolListDisagreements(deriveTools(), "svc_")).toEqual([]);
    expect(() => assertToolListAgrees(deriveTools("acme_"), "acme_")).not.toThrow();
  });

  it("names a missing tool with its route", () => {
    const tools = deriveTools().filter((t) => t.operationId !== "getJobs");
    expect(toolListDisagreements(tools, "svc_")).toEqual([
      "no tool svc_get_jobs for POST /entity/v1/jobs/detail-by-id (getJobs, x-mcp-tool svc_get_jobs)",
    ]);
  });

  it("names a tool under the wrong prefix, a duplicate and a tool with no route", () => {
    const tools = deriveTools();
    const problems = toolListDisagreements(
      [...tools.slice(1), tools[1]!, { ...tools[0]!, name: "svc_unlock_contacts" }],
      "svc_",
    );
    expect(problems).toContain("tool svc_search_people is listed 2 times");
    expect(problems).toContain(
      "no tool svc_query_people for POST /v1/people/query (queryPeople, x-mcp-tool svc_query_people)",
    );
    expect(problems).toContain("tool svc_unlock_contacts matches no route of spec/openapi.yaml");
  });

  it("points at the first place a tool's input schema drifts from its route's request body", () => {
    const tools = deriveTools().map((t) =>
      t.operationId === "searchPeople"
        ? { ...t, inputSchema: { ...t.inputSchema, properties: { text: { type: "string", maxLength: 10000 } } } }
        : t,
    );
    expect(toolListDisagreements(tools, "svc_")).toEqual([
      "tool svc_search_people: input schema differs from the request body of POST /v1/people-search " +
        "(components.schemas.NaturalLanguageBody) at /properties/size",
    ]);
  });

  it("names a tool wired to another route", () => {
    const tools = deriveTools().map((t) =>
      t.operationId === "getVersion" ? { ...t, operationId: "getKeyStatus" as const } : t,
    );
    expect(toolListDisagreements(tools, "svc_")).toEqual([
      "tool svc_get_version calls getKeyStatus, but GET /version is getVersion",
    ]);
  });

  it("stops createMcpHandler, and so the server's start, with a clear message", () => {
    const tools = deriveTools().filter((t) => t.operationId !== "queryCompanies");
    expect(() => createMcpHandler(unusedService, { tools })).toThrow(ToolAgreementError);
    expect(() => createMcpHandler(unusedService, { tools })).toThrow(
      new RegExp(
        /the MCP tool list disagrees with spec\/openapi\.yaml, so the server refuses to /.source +
          /start \(§4\.1, s4-1-tool-schema-agreement\):\n {2}- no tool svc_query_companies /.source +
          /for POST \/v1\/companies\/query/.source,
      ),
    );
    expect(() => createMcpHandler(unusedService, { toolPrefix: "acme_", tools: deriveTools() })).toThrow(
      /no tool acme_query_people/,
    );
  });
});

describe("firstDifference", () => {
  it("returns the RFC 6901 pointer of the first difference, or undefined", () => {
    expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBeUndefined();
    expect(firstDifference({ a: [1, { "b/c": 2 }] }, { a: [1, { "b/c": 3 }] })).toBe("/a/1/b~1c");
    expect(firstDifference({ a: 1 }, { a: 1, z: 2 })).toBe("/z");
    expect(firstDifference([1], { 0: 1 })).toBe("/");
  });
});
