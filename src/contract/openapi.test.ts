import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { oas } from "@stoplight/spectral-rulesets";
import { parse } from "yaml";
import { Document, Spectral, YamlParser } from "./testing/spectral.js";
import { openapiHouseRuleset } from "./testing/openapi-house.js";
import { loadContract } from "./load.js";
import { specPath } from "./root.js";
import { OPERATION_IDS } from "./types.js";

async function spectralResults(
  source: string,
  ruleset: ConstructorParameters<typeof Spectral>[0] extends never ? never : object,
) {
  const spectral = new Spectral();
  spectral.setRuleset(ruleset as never);
  return spectral.run(new Document(source, YamlParser, "spec/openapi.yaml"));
}

const source = readFileSync(specPath("openapi.yaml"), "utf8");

describe("spec/openapi.yaml", () => {
  it("is OpenAPI 3.1.0", () => {
    expect(loadContract().openapi.openapi).toBe("3.1.0");
  });

  it("lints clean under spectral:oas (recommended rules)", async () => {
    const results = await spectralResults(source, { extends: [oas] });
    expect(results.map((r) => `${r.code} ${r.path.join(".")}: ${r.message}`)).toEqual([]);
  });

  it("lints clean under spectral:oas with every rule switched on", async () => {
    const results = await spectralResults(source, { extends: [[oas, "all"]] });
    expect(results.map((r) => `${r.code} ${r.path.join(".")}: ${r.message}`)).toEqual([]);
  });

  it("requires, in every allOf part, each member another part requires (generated clients keep it required)", () => {
    // openapi-typescript and other generators write allOf as an intersection: a part naming `data` without
    // requiring it makes `data` optional in the client's type, whatever the envelope requires.
    const doc = parse(source) as { components: { schemas: Record<string, { required?: string[] }> } };
    const resolve = (part: { $ref?: string; required?: string[]; properties?: object }) =>
      part.$ref ? doc.components.schemas[part.$ref.split("/").pop()!]! : part;
    const loose: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (node === null || typeof node !== "object") return;
      const allOf = (node as { allOf?: { $ref?: string; required?: string[]; properties?: object }[] }).allOf;
      if (Array.isArray(allOf)) {
        const required = new Set(allOf.flatMap((p) => resolve(p).required ?? []));
        allOf.forEach((p, i) => {
          for (const name of Object.keys(p.properties ?? {}))
            if (required.has(name) && !(p.required ?? []).includes(name)) loose.push(`${at}/allOf/${i}: ${name}`);
        });
      }
      for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`);
    };
    walk(parse(source), "");
    expect(loose).toEqual([]);
    expect(source.match(/required: \[data\]/g)).toHaveLength(OPERATION_IDS.length);
  });

  it("lints clean under the house ruleset", async () => {
    const results = await spectralResults(source, openapiHouseRuleset);
    expect(results.map((r) => `${r.code} ${r.path.join(".")}: ${r.message}`)).toEqual([]);
  });

  it(
    "the house ruleset catches a missing x-mcp-tool, a bad x-credit-cost and an undescribed " +
      "x-implementation-defined",
    async () => {
      const broken = parse(source);
      delete broken.paths["/version"].get["x-mcp-tool"];
      broken.paths["/v1/jobs/query"].post["x-credit-cost"] = "per-call";
      delete broken.components.schemas.VersionData.description;
      const results = await spectralResults(JSON.stringify(broken, null, 2), openapiHouseRuleset);
      const codes = results.map((r) => `${r.code} ${r.path.join(".")}`);
      expect(codes).toContain("tdss-operation-mcp-tool paths./version.get");
      expect(codes).toContain("tdss-operation-credit-cost paths./v1/jobs/query.post.x-credit-cost");
      expect(codes).toContain("tdss-implementation-defined-description components.schemas.VersionData");
    },
  );

  it("has one operation per route of §4.1 with the tool names of the table", () => {
    const ops = loadContract().operations;
    expect([...ops.keys()].sort()).toEqual([...OPERATION_IDS].sort());
    const table = [
      ...readFileSync(specPath("interface-spec.md"), "utf8").matchAll(
        /^\| (GET|POST) \| (\S+) \| [^|]+ \| (\w+) \|$/gm,
      ),
    ];
    expect(table).toHaveLength(9);
    for (const [, method, path, tool] of table) {
      const op = [...ops.values()].find((o) => o.path === path);
      expect(op, path).toBeDefined();
      expect(op!.method).toBe(method);
      expect(op!.tool).toBe(tool);
    }
  });

  it("puts the bearer scheme of §5 on every operation", () => {
    const doc = loadContract().openapi;
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    for (const item of Object.values(doc.paths ?? {})) {
      for (const op of [item?.get, item?.post].filter(Boolean)) expect(op!.security).toEqual([{ bearerAuth: [] }]);
    }
  });
});
