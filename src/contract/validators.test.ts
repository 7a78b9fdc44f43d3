import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { lintCorpus } from "../lint/corpus.js";
import { loadContract } from "./load.js";
import { loadCode } from "./testing/load-code.js";
import { OPERATION_IDS, type OperationId } from "./types.js";
import { contractValidatorsCode, requestValidator, responseValidator, schemaValidator } from "./validators.js";
import { runWithBuiltValidators } from "./testing/built-validators.js";

/** What a report reads of an error (describeErrors, the checks' clauses) and where in the schema it was found. */
const seen = (errors: readonly ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => ({
    at: e.instancePath,
    keyword: e.keyword,
    params: e.params,
    message: e.message,
    schema: e.schemaPath,
  }));

/** Values every validator answers, most of them with errors that name the schema's own members. */
const PROBES: unknown[] = [
  {},
  null,
  [],
  "text",
  { data: {}, meta: {} },
  { data: { results: [{}], next: 3, total: "many" }, meta: { credits: -1 } },
  { data: { ids: ["a"], next: null, total: 1 }, meta: { credits: 0, request_id: "r" } },
  { data: { results: [{ id: 1, title: null }] }, meta: { credits: 1 } },
  { where: { field: "name", eq: "x" }, size: 1 },
  { ids: [], job_ids: ["a"], profile_ids: ["b"], company_ids: ["c"] },
  { text: "engineers in Berlin" },
  { id: "x", title: 3, company_id: null, salary: { min: "a" } },
];

function runtimeValidator(key: string): ValidateFunction {
  const [kind, name] = key.split(":") as ["schema" | "response", string];
  return kind === "schema" ? schemaValidator(name) : responseValidator(name as OperationId);
}

describe("the contract's validators compiled to code by the build (scripts/compile-validators.ts)", () => {
  it("are every validator a run uses, and judge every value as the validators compiled at run time do", () => {
    const { key: _key, ...built } = loadCode(contractValidatorsCode()) as Record<string, ValidateFunction>;
    const requests = OPERATION_IDS.flatMap((op) => loadContract().operations.get(op)!.requestSchema ?? []);
    expect(Object.keys(built).sort()).toEqual(
      [
        "schema:JobRecord",
        ...requests.map((name) => `schema:${name}`),
        ...OPERATION_IDS.map((op) => `response:${op}`),
      ].sort(),
    );
    for (const [key, validate] of Object.entries(built)) {
      const bodies = [
        ...PROBES,
        ...lintCorpus.filter((e) => key.endsWith("Body") && e.raw === undefined).map((e) => e.body),
      ];
      const own = runtimeValidator(key);
      for (const body of bodies) {
        expect(validate(body), `${key} ${JSON.stringify(body)?.slice(0, 80)}`).toBe(own(body));
        expect(seen(validate.errors), key).toEqual(seen(own.errors));
      }
    }
  });

  it("are what a built run validates with", () => {
    const out = runWithBuiltValidators<boolean[]>(
      "dist/src/contract/validators.js",
      "BUILT_CONTRACT_VALIDATORS",
      `process.stdout.write(JSON.stringify([m.requestValidator("queryJobs") === built["schema:JobsQueryBody"], ` +
        `m.responseValidator("getKeyStatus") === built["response:getKeyStatus"]]));`,
      { counted: false },
    );
    expect(out).toEqual([true, true]);
    // From the sources there is no copy: the validators are compiled here.
    expect(requestValidator("queryJobs")).toBe(schemaValidator("JobsQueryBody"));
  });
});
