import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { parseDocument } from "yaml";
import { loadContract } from "../contract/index.js";
import { packageRoot } from "../contract/root.js";
import { CHECKS } from "../checks/index.js";
import { STEP_KINDS } from "./steps/index.js";
import { referencedVariables } from "./template.js";
import type { CaseDef, CheckCall, CreditsExpectation, StepDef } from "./types.js";

/** A suite file that cannot be used: the message names the file and the JSON path of the problem. */
export class SuiteError extends Error {
  override readonly name = "SuiteError";
}

export function suitesRoot(): string {
  return join(packageRoot(), "suites");
}

let compiled: ReturnType<Ajv2020["compile"]> | undefined;

/** suites/case.schema.json with the schemas of step kinds registered outside it merged in. */
function caseValidator() {
  if (compiled) return compiled;
  const schema = JSON.parse(readFileSync(join(suitesRoot(), "case.schema.json"), "utf8")) as {
    $defs: { step: { properties: Record<string, unknown> } };
  };
  for (const [name, kind] of Object.entries(STEP_KINDS)) if (kind.schema && !schema.$defs.step.properties[name]) schema.$defs.step.properties[name] = kind.schema;
  compiled = new Ajv2020({ allErrors: false, strict: false }).compile(schema);
  return compiled;
}

interface RawStep {
  name?: string;
  let?: Record<string, unknown>;
  captures?: Record<string, string>;
  expect?: (string | Record<string, unknown>)[];
  credits?: CreditsExpectation;
  worst_case?: { ids: unknown; at_most: number };
  for_each?: Record<string, unknown>;
  [kind: string]: unknown;
}
interface RawCase {
  id: string;
  title: string;
  clauses: string[];
  tags?: string[];
  requires?: string[];
  runs?: "last";
  steps: RawStep[];
}

const COMMON_STEP_MEMBERS = new Set(["name", "let", "captures", "expect", "credits", "worst_case", "for_each"]);

function hasTemplate(value: unknown): boolean {
  return JSON.stringify(value ?? null).includes("{{");
}

/** Problems a schema cannot see: step kinds, clause ids, check names and arguments, variables used before capture. */
function semanticProblems(raw: RawCase, at: string): string[] {
  const problems: string[] = [];
  const clauses = loadContract().clauses;
  raw.clauses.forEach((id, i) => {
    if (!clauses.has(id)) problems.push(`${at}/clauses/${i}: unknown clause id "${id}" (see spec/clauses.yaml)`);
  });
  const defined = new Set<string>();
  raw.steps.forEach((step, s) => {
    const where = `${at}/steps/${s}`;
    const kinds = Object.keys(step).filter((k) => !COMMON_STEP_MEMBERS.has(k));
    const unknown = kinds.filter((k) => !STEP_KINDS[k]);
    if (unknown.length) problems.push(`${where}: unknown step member ${unknown.map((k) => `"${k}"`).join(", ")} (step kinds: ${Object.keys(STEP_KINDS).join(", ")})`);
    else if (kinds.length !== 1) problems.push(`${where}: a step has exactly one of ${Object.keys(STEP_KINDS).join(", ")}; found ${kinds.length ? kinds.join(", ") : "none"}`);
    for (const [name, value] of Object.entries(step.let ?? {})) {
      for (const used of referencedVariables(value)) if (!defined.has(used)) problems.push(`${where}/let/${name}: template uses "${used}", which no earlier step captures`);
    }
    Object.keys(step.let ?? {}).forEach((n) => defined.add(n));
    const loopVars = new Set(Object.keys(step.for_each ?? {}));
    const own = new Set(Object.keys(step.captures ?? {}));
    const check = (value: unknown, path: string, allowOwn: boolean) => {
      for (const name of referencedVariables(value)) {
        if (!defined.has(name) && !loopVars.has(name) && !(allowOwn && own.has(name))) problems.push(`${path}: template uses "${name}", which no earlier step captures`);
      }
    };
    for (const k of kinds) check(step[k], `${where}/${k}`, false);
    check(step.worst_case, `${where}/worst_case`, false);
    (step.expect ?? []).forEach((call, e) => {
      const [name, args] = typeof call === "string" ? [call, undefined] : Object.entries(call)[0]!;
      const path = `${where}/expect/${e}`;
      const def = CHECKS[name];
      if (!def) return problems.push(`${path}: unknown check "${name}" (checks: ${Object.keys(CHECKS).sort().join(", ")})`);
      check(args, path, true);
      if (!def.args && args !== undefined && args !== null) problems.push(`${path}: check ${name} takes no arguments`);
      if (def.args && !hasTemplate(args)) {
        const validate = argsAjv.compile(def.args);
        if (!validate(args ?? {})) problems.push(`${path}: arguments of ${name}: ${(validate.errors ?? []).map((x) => `${x.instancePath || "/"} ${x.message}`).join("; ")}`);
      }
    });
    own.forEach((n) => defined.add(n));
  });
  return problems;
}

const argsAjv = new Ajv2020({ allErrors: true, strict: false });

function toCase(raw: RawCase, area: string, file: string): CaseDef {
  return {
    id: `${area}/${raw.id}`,
    area,
    title: raw.title,
    clauses: raw.clauses,
    tags: raw.tags ?? [],
    requires: raw.requires ?? [],
    ...(raw.runs ? { runs: raw.runs } : {}),
    file,
    steps: raw.steps.map((s): StepDef => {
      const kind = Object.keys(s).find((k) => !COMMON_STEP_MEMBERS.has(k))!;
      return {
        ...(s.name ? { name: s.name } : {}),
        kind,
        spec: s[kind],
        let: s.let ?? {},
        captures: s.captures ?? {},
        expect: (s.expect ?? []).map((call): CheckCall => (typeof call === "string" ? { name: call, args: undefined } : { name: Object.keys(call)[0]!, args: Object.values(call)[0] })),
        ...(s.credits ? { credits: s.credits } : {}),
        ...(s.worst_case ? { worstCase: { ids: s.worst_case.ids, atMost: s.worst_case.at_most } } : {}),
        ...(s.for_each ? { forEach: s.for_each } : {}),
      };
    }),
  };
}

/** Parses and validates one suite file; throws SuiteError naming the file and JSON path of the first problems. */
export function loadSuiteFile(path: string, area: string): CaseDef[] {
  const file = relative(packageRoot(), path) || path;
  const doc = parseDocument(readFileSync(path, "utf8"), { uniqueKeys: true });
  if (doc.errors.length) {
    const e = doc.errors[0]!;
    throw new SuiteError(`${file}: line ${e.linePos?.[0]?.line ?? "?"}: ${e.message.split("\n")[0]}`);
  }
  const data = doc.toJS() as { cases: RawCase[] };
  const validate = caseValidator();
  if (!validate(data)) {
    const e = validate.errors![0]!;
    const extra = e.keyword === "additionalProperties" || e.keyword === "unevaluatedProperties" ? ` (${Object.values(e.params)[0]})` : "";
    throw new SuiteError(`${file}: ${e.instancePath || "/"}: ${e.message}${extra}`);
  }
  const problems = data.cases.flatMap((c, i) => semanticProblems(c, `/cases/${i}`));
  if (problems.length) throw new SuiteError(`${file}: ${problems.slice(0, 5).join("\n  ")}${problems.length > 5 ? `\n  … and ${problems.length - 5} more` : ""}`);
  return data.cases.map((c) => toCase(c, area, file));
}

/** Every case of suites/<area>/*.yaml, in area and file order; ids are unique. */
export function loadSuites(root = suitesRoot()): CaseDef[] {
  let areas: string[];
  try {
    areas = readdirSync(root).filter((d) => statSync(join(root, d)).isDirectory()).sort();
  } catch (error) {
    throw new SuiteError(`cannot read the suites folder ${root}: ${(error as Error).message}`);
  }
  const cases: CaseDef[] = [];
  const seen = new Map<string, string>();
  for (const area of areas) {
    for (const name of readdirSync(join(root, area)).filter((f) => /\.ya?ml$/.test(f)).sort()) {
      for (const c of loadSuiteFile(join(root, area, name), area)) {
        const other = seen.get(c.id);
        if (other) throw new SuiteError(`${c.file}: case id ${c.id} is also used in ${other}`);
        seen.set(c.id, c.file);
        cases.push(c);
      }
    }
  }
  return cases;
}

/** Cases whose id matches a glob (`*` any run of characters; several patterns comma-separated) and that carry one of the tags. */
export function selectCases(cases: readonly CaseDef[], only?: string, tags?: readonly string[]): CaseDef[] {
  const patterns = (only ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replaceAll("*", ".*")}$`));
  return cases.filter((c) => (!patterns.length || patterns.some((re) => re.test(c.id) || re.test(c.area))) && (!tags?.length || tags.some((t) => c.tags.includes(t))));
}
