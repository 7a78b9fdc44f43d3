import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../contract/root.js";
import { lintCorpus } from "../lint/corpus.js";
import { generatedFiles } from "../../scripts/generate-types.js";

const root = packageRoot();
const QUERY_TYPES = {
  queryPeople: "PeopleQueryBody",
  queryJobs: "JobsQueryBody",
  queryCompanies: "CompaniesQueryBody",
} as const;

describe("generated from spec/catalog/", () => {
  it("the files in the repository are what npm run generate writes, byte for byte", () => {
    for (const [path, text] of generatedFiles())
      expect(readFileSync(join(root, path), "utf8"), `${path} is stale: run npm run generate`).toBe(text);
  });
});

/**
 * Compiles `source` with the project's TypeScript against src/types/queries.ts; the compiler's output, "" when clean.
 */
function typecheck(source: string): string {
  const dir = mkdtempSync(join(root, ".typecheck-"));
  try {
    writeFileSync(
      join(dir, "case.ts"),
      source.replaceAll("TYPES", JSON.stringify(join(root, "src", "types", "queries.js"))),
    );
    const compilerOptions = {
      noEmit: true,
      strict: true,
      module: "nodenext",
      moduleResolution: "nodenext",
      target: "es2022",
      skipLibCheck: true,
      types: [],
    };
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["case.ts"] }));
    const args = ["-p", dir];
    try {
      execFileSync(join(root, "node_modules", ".bin", "tsc"), args, { encoding: "utf8", stdio: "pipe" });
      return "";
    } catch (error) {
      return String((error as { stdout?: string }).stdout ?? error);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("typed queries (tdss/types)", () => {
  it(
    "compile every clean Query Spec body of the lint corpus, " + "and reject what the linter refuses or finds empty",
    () => {
      const clean = lintCorpus.filter((e) => e.expected === "clean" && e.route in QUERY_TYPES);
      expect(clean.length).toBeGreaterThanOrEqual(3);
      const positives = clean.map(
        (e, i) => `const ok${i}: ${QUERY_TYPES[e.route as keyof typeof QUERY_TYPES]} = ${JSON.stringify(e.body)};`,
      );
      const source = [
        `import type { PeopleQueryBody, JobsQueryBody, CompaniesQueryBody, PeopleWhere, JobsWhere } from TYPES;`,
        ...positives,
        `const scoped: PeopleWhere = { has_language: { all: [{ field: "languages", eq: "German" }, { field: ` +
          `"language_proficiency", in: ["Native or bilingual proficiency"] }] } };`,
        `const dates: PeopleWhere = { has_experience: { all: [{ field: "started_at", gte: "now-6m" }, { field: ` +
          `"ended_at", lte: "2024-01-31" }] } };`,
        `const negated: JobsWhere = { not: { any: [{ field: "salary_min", gte: 50000 }, { field: "seniority", ` +
          `exists: true }] } };`,
        `// @ts-expect-error: citty is not a people field`,
        `const typo: PeopleWhere = { field: "citty", eq: "x" };`,
        `// @ts-expect-error: director is not a value of management_level (§2.3)`,
        `const level: PeopleWhere = { field: "management_level", eq: "director" };`,
        `// @ts-expect-error: two operators in one leaf (§4.2 rule 1)`,
        `const two: PeopleWhere = { field: "experience_months", gte: 12, lte: 24 };`,
        `// @ts-expect-error: match is not an operator of management_level (§2.2)`,
        `const op: PeopleWhere = { field: "management_level", match: "Director" };`,
        `// @ts-expect-error: a scope in a jobs query (§4.2 rule 4)`,
        `const scopeInJobs: JobsWhere = { has_experience: { field: "title", match: "x" } };`,
        `// @ts-expect-error: city is not a field of the experience sub-record`,
        `const outside: PeopleWhere = { has_experience: { field: "city", eq: "Paris" } };`,
        `// @ts-expect-error: where is required on people (§4.2)`,
        `const noWhere: PeopleQueryBody = { size: 1 };`,
        `export { scoped, dates, negated, typo, level, two, op, scopeInJobs, outside, ` +
          `noWhere${positives.map((_, i) => `, ok${i}`).join("")} };`,
      ].join("\n");
      expect(typecheck(source)).toBe("");
    },
  );

  it("fail the build when a mistake would compile (the test above would not pass vacuously)", () => {
    const out = typecheck(
      `import type { PeopleWhere } from TYPES;\n// @ts-expect-error\nconst fine: PeopleWhere = { field: ` +
        `"city", eq: "Paris" };\nexport { fine };`,
    );
    expect(out).toMatch(/Unused '@ts-expect-error' directive/);
  });
});

describe("editor JSON Schemas (schemas/*-query.schema.json)", () => {
  const ajv = new Ajv2020({ strict: false });
  // Editors check `format: date` themselves; the shape is enough here (src/validity/schema-verdict.ts checks days).
  ajv.addFormat("date", /^\d{4}-\d{2}-\d{2}$/);
  const people = ajv.compile(JSON.parse(readFileSync(join(root, "schemas", "people-query.schema.json"), "utf8")));

  it(
    "accept the corpus's clean people body and flag a " + "misspelt fixed value, an unknown field and two operators",
    () => {
      const clean = lintCorpus.find((e) => e.expected === "clean" && e.route === "queryPeople")!;
      expect(people(clean.body)).toBe(true);
      expect(people({ where: { field: "management_level", eq: "director" } })).toBe(false);
      expect(people({ where: { field: "citty", eq: "Paris" } })).toBe(false);
      expect(people({ where: { field: "experience_months", gte: 1, lte: 2 } })).toBe(false);
      expect(people({ where: { has_education: { field: "title", match: "x" } } })).toBe(false);
    },
  );

  it(
    "reject every corpus people body with a mistake the " + "schema describes (names, fixed values, operators, shape)",
    () => {
      const described = new Set([
        "unknown-field",
        "fixed-set-value",
        "leaf-operator-count",
        "operator-not-allowed",
        "node-shape",
        "where-required",
      ]);
      const bodies = lintCorpus.filter(
        (e) => e.route === "queryPeople" && e.raw === undefined && e.ruleIds.some((r) => described.has(r)),
      );
      expect(bodies.length).toBeGreaterThan(5);
      for (const entry of bodies) expect(people(entry.body), entry.name).toBe(false);
    },
  );
});
