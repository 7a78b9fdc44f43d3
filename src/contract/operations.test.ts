import { describe, expect, it } from "vitest";
import { loadContract } from "./load.js";
import { readOperations } from "./operations.js";
import { inferRoute, operationOf, resolveRoute, routeNames } from "./routes.js";
import { OPERATION_IDS, type OpenApiDocument } from "./types.js";

const { operations, openapi } = loadContract();

describe("the operation model (spec/openapi.yaml)", () => {
  it("has the nine operations, each with method, path, kind and tool", () => {
    expect([...operations.keys()].sort()).toEqual([...OPERATION_IDS].sort());
    const kinds = Object.fromEntries([...operations.values()].map((o) => [o.operationId, o.kind]));
    expect(kinds).toEqual({
      queryPeople: "search",
      searchPeople: "natural-language",
      getProfiles: "detail",
      queryJobs: "search",
      getJobs: "detail",
      queryCompanies: "search",
      getCompanies: "detail",
      getVersion: "system",
      getKeyStatus: "system",
    });
    expect(operations.get("getVersion")).toMatchObject({ method: "GET", path: "/version" });
    expect(operations.get("getVersion")?.dataset).toBeUndefined();
    expect(new Set([...operations.values()].map((o) => o.tool)).size).toBe(9);
  });

  it("reads body members, required members, the IDs member and its bounds from the request schemas", () => {
    expect(operationOf("people", "search")).toMatchObject({
      operationId: "queryPeople",
      bodyMembers: ["where", "size", "after"],
      required: ["where"],
      idsMember: "profile_ids",
      idsNamed: true,
    });
    expect(operationOf("jobs", "search")).toMatchObject({ required: [], idsMember: "job_ids", idsNamed: false });
    expect(operationOf("people", "natural-language")).toMatchObject({
      bodyMembers: ["text", "size"],
      required: ["text"],
      idsNamed: false,
    });
    expect(operationOf("people", "detail")).toMatchObject({ idsMember: "profile_ids", minIds: 1, maxIds: 100 });
    expect(operationOf("jobs", "detail")).toMatchObject({ idsMember: "job_ids", minIds: 0, maxIds: 100 });
    expect(operationOf("companies", "detail")).toMatchObject({
      idsMember: "company_ids",
      bodyMembers: ["company_ids", "_source"],
    });
  });

  it("resolves route names and infers a route from a body's members", () => {
    expect(resolveRoute("jobs")?.operationId).toBe("queryJobs");
    expect(resolveRoute("getJobs")?.operationId).toBe("getJobs");
    expect(resolveRoute("getVersion")).toBeUndefined();
    expect(routeNames()).toHaveLength(10);
    expect(inferRoute({ job_ids: [] }).operationId).toBe("getJobs");
    expect(inferRoute({ text: "x" }).operationId).toBe("searchPeople");
    expect(inferRoute({ where: {} }).operationId).toBe("queryPeople");
    expect(inferRoute({ where: { field: "seniority", eq: "Senior" } }).operationId).toBe("queryJobs");
    expect(inferRoute({ field: "founded_year", gte: 2000 }).operationId).toBe("queryCompanies");
    // Fields both datasets know, or a tie: the first search (people).
    expect(inferRoute({ where: { all: [{ field: "city", eq: "Paris" }] } }).operationId).toBe("queryPeople");
    const tie = {
      where: {
        any: [
          { field: "seniority", eq: "x" },
          { field: "skills", eq: "go" },
        ],
      },
    };
    expect(inferRoute(tie).operationId).toBe("queryPeople");
    expect(inferRoute({ where: { has_experience: { field: "title", eq: "CTO" } } }).operationId).toBe("queryPeople");
    expect(() => inferRoute({}, "nope" as never)).toThrow(/unknown route "nope"; expected one of queryPeople/);
  });

  it("refuses a spec whose detail body requires no array of IDs, naming the operation", () => {
    const broken = structuredClone<OpenApiDocument>(openapi);
    const schemas = broken.components!.schemas as Record<string, { required?: string[] }>;
    schemas.JobsDetailBody!.required = [];
    expect(() => readOperations(broken)).toThrow(
      "tdss: spec/openapi.yaml: the request body of getJobs requires no array of IDs",
    );
  });

  it("refuses an operation tagged with no dataset", () => {
    const broken = structuredClone<OpenApiDocument>(openapi);
    (broken.paths!["/v1/jobs/query"]!.post as { tags: string[] }).tags = ["nothing"];
    expect(() => readOperations(broken)).toThrow('queryJobs is tagged "nothing", not a dataset');
  });
});
