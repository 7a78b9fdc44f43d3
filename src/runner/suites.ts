import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { isDeepStrictEqual } from "node:util";
import type { ValidateFunction } from "ajv/dist/2020.js";
import { parseDocument } from "yaml";
import { loadContract } from "../contract/index.js";
import { packageRoot } from "../contract/root.js";
import { argsProblems } from "../checks/args.js";
import { CHECKS } from "../checks/index.js";
import { compileChecked, newAjv } from "../contract/json-schema.js";
import { describeErrors } from "../contract/validators.js";
import { STEP_KINDS } from "./steps/index.js";
import { createGenerators } from "./generators.js";
import { referencedVariables, resolve, TemplateError } from "./template.js";
import type { CaseDef, CheckCall, CreditsExpectation, StepDef } from "./types.js";

/** A suite file that cannot be used: the message names the file and the JSON path of the problem. */
export class SuiteError extends Error {
  override readonly name = "SuiteError";
}

export function suitesRoot(): string {
  return join(packageRoot(), "suites");
}

let compiled: ValidateFunction | undefined;

/** suites/case.schema.json with the schemas of step kinds registered outside it merged in. */
function caseValidator() {
  if (compiled) return compiled;
  const schema = JSON.parse(readFileSync(join(suitesRoot(), "case.schema.json"), "utf8")) as {
    $defs: { step: { properties: Record<string, unknown> } };
  };
  for (const [name, kind] of Object.entries(STEP_KINDS))
    if (kind.schema && !schema.$defs.step.properties[name]) schema.$defs.step.properties[name] = kind.schema;
  compiled = compileChecked(newAjv({ allErrors: false, strict: false }), schema);
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
  clause?: unknown;
  [kind: string]: unknown;
}
interface RawCase {
  id: string;
  title: string;
  clauses: string[];
  tags?: string[];
  requires?: string[];
  runs?: "last";
  /** One case per combination of these lists (e.g. `{{ searchRoutes() }}`), each name bound in every step. */
  for_each?: Record<string, unknown>;
  steps: RawStep[];
}

const COMMON_STEP_MEMBERS = new Set([
  "name",
  "let",
  "captures",
  "expect",
  "credits",
  "worst_case",
  "for_each",
  "clause",
]);

/** Members of a check call beside the check's own name (`clause`, `second_look`, `observed_if_changed`). */
const CALL_MEMBERS = new Set(["clause", "second_look", "observed_if_changed"]);

/**
 * A check call's name, arguments, `clause` and `second_look` members (`{ refused: ~, clause: s4-4-profile-ids-1-to-100
 * }`).
 */
function callParts(call: string | Record<string, unknown>): CheckCall {
  if (typeof call === "string") return { name: call, args: undefined };
  const name = Object.keys(call).find((k) => !CALL_MEMBERS.has(k)) ?? "clause";
  return {
    name,
    args: call[name],
    ...(Object.hasOwn(call, "clause") ? { clause: call.clause } : {}),
    ...(typeof call.second_look === "string" ? { secondLook: call.second_look } : {}),
    ...(typeof call.observed_if_changed === "string" ? { observedIfChanged: call.observed_if_changed } : {}),
  };
}

/**
 * Why a call's `second_look` cannot name `target` among the steps before it: it must be the one earlier step of that
 * name, a `request` of one expansion (the request it asks again is the one it sent).
 */
function secondLookProblem(target: string, earlier: readonly RawStep[]): string | undefined {
  const named = earlier.filter((s) => s.name === target);
  if (named.length !== 1)
    return `names ${named.length ? "several" : "no"} earlier step "${target}" (it names one earlier step of the case)`;
  const [step] = named;
  if (!Object.hasOwn(step!, "request") || step!.for_each !== undefined)
    return `names step "${target}", which is not a request sent once (no for_each)`;
  if (!Object.keys(step!.captures ?? {}).length) return `names step "${target}", which captures nothing to judge again`;
  return undefined;
}

/**
 * Clause ids a step or check call names outright (not a template) must exist and be cited by the case, so that
 * every verdict traces to a citation; a template (a corpus entry's clauses) is checked when it resolves.
 */
function clauseProblems(value: unknown, cited: readonly string[], path: string): string[] {
  if (value === undefined || hasTemplate(value)) return [];
  const ids = typeof value === "string" ? [value] : Array.isArray(value) ? value : undefined;
  if (!ids || !ids.every((id) => typeof id === "string"))
    return [`${path}: clause must be a clause id or a list of them`];
  return ids.flatMap((id) =>
    !loadContract().clauses.has(id)
      ? [`${path}: unknown clause id "${id}" (see spec/clauses.yaml)`]
      : !cited.includes(id)
        ? [`${path}: clause "${id}" is not cited by the case`]
        : [],
  );
}

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
  const defined = new Set<string>(Object.keys(raw.for_each ?? {}));
  raw.steps.forEach((step, s) => {
    const where = `${at}/steps/${s}`;
    const kinds = Object.keys(step).filter((k) => !COMMON_STEP_MEMBERS.has(k));
    const unknown = kinds.filter((k) => !STEP_KINDS[k]);
    if (unknown.length)
      problems.push(
        `${where}: unknown step member ${unknown.map((k) => `"${k}"`).join(", ")} (step ` +
          `kinds: ${Object.keys(STEP_KINDS).join(", ")})`,
      );
    else if (kinds.length !== 1)
      problems.push(
        `${where}: a step has exactly one of ${Object.keys(STEP_KINDS).join(", ")}; ` +
          `found ${kinds.length ? kinds.join(", ") : "none"}`,
      );
    for (const [name, value] of Object.entries(step.let ?? {})) {
      for (const used of referencedVariables(value))
        if (!defined.has(used))
          problems.push(`${where}/let/${name}: template uses "${used}", which no earlier step captures`);
    }
    Object.keys(step.let ?? {}).forEach((n) => defined.add(n));
    const loopVars = new Set(Object.keys(step.for_each ?? {}));
    const own = new Set(Object.keys(step.captures ?? {}));
    const check = (value: unknown, path: string, allowOwn: boolean) => {
      for (const name of referencedVariables(value)) {
        if (!defined.has(name) && !loopVars.has(name) && !(allowOwn && own.has(name)))
          problems.push(`${path}: template uses "${name}", which no earlier step captures`);
      }
    };
    for (const k of kinds) check(step[k], `${where}/${k}`, false);
    check(step.worst_case, `${where}/worst_case`, false);
    check(step.clause, `${where}/clause`, false);
    problems.push(...clauseProblems(step.clause, raw.clauses, `${where}/clause`));
    (step.expect ?? []).forEach((call, e) => {
      const { name, args, clause, secondLook, observedIfChanged } = callParts(call);
      const path = `${where}/expect/${e}`;
      const looks = secondLook === undefined ? undefined : secondLookProblem(secondLook, raw.steps.slice(0, s));
      if (looks !== undefined) problems.push(`${path}/second_look: ${looks}`);
      const data =
        observedIfChanged === undefined ? undefined : secondLookProblem(observedIfChanged, raw.steps.slice(0, s));
      if (data !== undefined) problems.push(`${path}/observed_if_changed: ${data}`);
      check(clause, `${path}/clause`, true);
      problems.push(...clauseProblems(clause, raw.clauses, `${path}/clause`));
      const def = CHECKS[name];
      if (!def)
        return problems.push(`${path}: unknown check "${name}" (checks: ${Object.keys(CHECKS).sort().join(", ")})`);
      check(args, path, true);
      if (!def.args && args !== undefined && args !== null) problems.push(`${path}: check ${name} takes no arguments`);
      const wrong = def.args && !hasTemplate(args) ? argsProblems(name, args) : undefined;
      if (wrong !== undefined) problems.push(`${path}: arguments of ${name}: ${wrong}`);
    });
    own.forEach((n) => defined.add(n));
  });
  return problems;
}

/** The part of a case id an item of a case-level for_each adds: a string item itself, else its `id`. */
function idPart(item: unknown, name: string, at: string): string {
  const part = typeof item === "string" ? item : (item as { id?: unknown } | null)?.id;
  if (typeof part !== "string" || !/^[a-z0-9][a-z0-9-]*$/.test(part)) {
    const got = JSON.stringify(item)?.slice(0, 60);
    const what = "each item must be a lower-case id or an object with one (its case's id ends with it)";
    throw new SuiteError(`${at}/for_each/${name}: ${what}, got ${got}`);
  }
  return part;
}

/**
 * A case with a case-level `for_each` is one case per combination of its lists, `<id>-<item id>...`, each
 * with the loop variables bound; the lists are resolved once, when the suites load (e.g. the route
 * families of spec/openapi.yaml: `{{ detailRoutes() }}`). Titles may use the variables.
 */
function expandCase(raw: RawCase, at: string): { raw: RawCase; vars: Record<string, unknown> }[] {
  if (!raw.for_each) return [{ raw, vars: {} }];
  const scope = { vars: {}, generators: createGenerators({ bogus: new Set() }), estimating: false };
  let combos: { suffix: string[]; vars: Record<string, unknown> }[] = [{ suffix: [], vars: {} }];
  for (const [name, value] of Object.entries(raw.for_each)) {
    let items: unknown;
    try {
      items = resolve(value, scope);
    } catch (error) {
      if (error instanceof TemplateError) throw new SuiteError(`${at}/for_each/${name}: ${error.message}`);
      throw error;
    }
    if (!Array.isArray(items) || items.length === 0) {
      const got = JSON.stringify(items)?.slice(0, 60);
      throw new SuiteError(`${at}/for_each/${name}: expected a non-empty list, got ${got}`);
    }
    const bind = (c: (typeof combos)[number], item: unknown) => ({
      suffix: [...c.suffix, idPart(item, name, at)],
      vars: { ...c.vars, [name]: item },
    });
    combos = combos.flatMap((c) => items.map((item) => bind(c, item)));
  }
  return combos.map((c) => {
    let title: string;
    try {
      title = String(resolve(raw.title, { ...scope, vars: c.vars }));
    } catch (error) {
      throw new SuiteError(`${at}/title: ${(error as Error).message}`);
    }
    return { raw: { ...raw, id: `${raw.id}-${c.suffix.join("-")}`, title }, vars: c.vars };
  });
}

function toCase(raw: RawCase, area: string, file: string, vars: Record<string, unknown> = {}): CaseDef {
  return {
    id: `${area}/${raw.id}`,
    area,
    title: raw.title,
    ...(Object.keys(vars).length ? { vars } : {}),
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
        expect: (s.expect ?? []).map((call): CheckCall => callParts(call)),
        ...(s.credits ? { credits: s.credits } : {}),
        ...(s.worst_case ? { worstCase: { ids: s.worst_case.ids, atMost: s.worst_case.at_most } } : {}),
        ...(s.for_each ? { forEach: s.for_each } : {}),
        ...(s.clause !== undefined ? { clause: s.clause } : {}),
      };
    }),
  };
}

/** A suite file's data: what its YAML holds, once it keeps case.schema.json and the rules above. */
interface SuiteData {
  readonly cases: RawCase[];
}

/** "line N: " of the value at a JSON Pointer of a parsed YAML document, or "" when the document has none there. */
function lineAt(doc: ReturnType<typeof parseDocument>, text: string, pointer: string): string {
  if (pointer === "") return "";
  const path = pointer
    .split("/")
    .slice(1)
    .map((k) => k.replaceAll("~1", "/").replaceAll("~0", "~"))
    .map((k) => (/^\d+$/.test(k) ? Number(k) : k));
  const node = doc.getIn(path, true) as { range?: [number, number, number] } | undefined;
  return node?.range ? `line ${text.slice(0, node.range[0]).split("\n").length}: ` : "";
}

/**
 * Parses and checks a suite file's text; throws SuiteError naming the file, the line and JSON path of the first
 * problems.
 */
function parseSuite(text: string, file: string): SuiteData {
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length) {
    const e = doc.errors[0]!;
    throw new SuiteError(`${file}: line ${e.linePos?.[0]?.line ?? "?"}: ${e.message.split("\n")[0]}`);
  }
  const data = doc.toJS() as { cases: RawCase[] };
  const validate = caseValidator();
  if (!validate(data)) {
    const e = validate.errors![0]!;
    const line = lineAt(doc, text, e.instancePath);
    throw new SuiteError(`${file}: ${line}${e.instancePath ? "" : "/: "}${describeErrors([e])[0]}`);
  }
  const problems = data.cases
    .flatMap((c, i) => semanticProblems(c, `/cases/${i}`))
    .map((p) => lineAt(doc, text, /^(\/[^:]*): /.exec(p)?.[1] ?? "") + p);
  if (problems.length)
    throw new SuiteError(
      `${file}: ${problems.slice(0, 5).join("\n  ")}` +
        (problems.length > 5 ? `\n  … and ${problems.length - 5} more` : ""),
    );
  return data;
}

let schemaText: string | undefined;

/** The key of a suite text among the build's parses: the text and the case schema it was checked against. */
function suiteKey(text: string): string {
  // case.schema.json is read once a process, not once a suite file.
  schemaText ??= readFileSync(join(suitesRoot(), "case.schema.json"), "utf8");
  return createHash("sha256").update(schemaText).update("\0").update(text).digest("hex");
}

/** Where npm run build leaves its parses of the package's suites (scripts/parse-suites.ts): beside this module. */
export const BUILT_SUITES = new URL("./suites-parsed.json", import.meta.url);

let built: Readonly<Record<string, SuiteData>> | null | undefined;

/**
 * The build's parse of this very text, if it made one: `npm run build` parses and checks the package's suites once
 * (scripts/parse-suites.ts), so a run reads them without the YAML parser or compiling case.schema.json, about half
 * a second of every run (docs/benchmarks.md, "The run's own work"). A text the build did not see (a user's suite,
 * a file edited since the build, a changed case.schema.json) has no entry and is parsed here.
 */
function builtParse(text: string): SuiteData | undefined {
  if (built === undefined) {
    try {
      built = JSON.parse(readFileSync(BUILT_SUITES, "utf8")) as Record<string, SuiteData>;
    } catch {
      built = null;
    }
  }
  const data = built?.[suiteKey(text)];
  // Each load gets its own objects, as a parse gives.
  return data && structuredClone(data);
}

/**
 * What the build keeps (scripts/parse-suites.ts writes it to BUILT_SUITES): the parse of every suite file under
 * root, by its key. A file whose data JSON cannot carry unchanged (a YAML date, say) is left out and parsed at run.
 */
export function parseSuitesForBuild(root = suitesRoot()): Record<string, SuiteData> {
  const parses: Record<string, SuiteData> = {};
  for (const area of readdirSync(root).filter((d) => statSync(join(root, d)).isDirectory()))
    for (const name of readdirSync(join(root, area)).filter((f) => /\.ya?ml$/.test(f))) {
      const text = readFileSync(join(root, area, name), "utf8");
      const data = parseSuite(text, relative(packageRoot(), join(root, area, name)));
      if (isDeepStrictEqual(JSON.parse(JSON.stringify(data)), data)) parses[suiteKey(text)] = data;
    }
  return parses;
}

/** Reads, parses and checks one suite file; throws SuiteError naming the file and JSON path of the first problems. */
export function loadSuiteFile(path: string, area: string): CaseDef[] {
  const inPackage = relative(packageRoot(), path);
  const file = inPackage && !inPackage.startsWith("..") ? inPackage : path;
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new SuiteError(`${file}: cannot read: ${(error as Error).message}`);
  }
  const data = builtParse(text) ?? parseSuite(text, file);
  const expanded = data.cases.flatMap((c, i) => expandCase(c, `${file}: /cases/${i}`));
  return expanded.map((x) => toCase(x.raw, area, file, x.vars));
}

/** Every case of suites/<area>/*.yaml, in area and file order; ids are unique. */
export function loadSuites(root = suitesRoot()): CaseDef[] {
  let areas: string[];
  try {
    areas = readdirSync(root)
      .filter((d) => statSync(join(root, d)).isDirectory())
      .sort();
  } catch (error) {
    throw new SuiteError(`cannot read the suites folder ${root}: ${(error as Error).message}`);
  }
  const cases: CaseDef[] = [];
  const seen = new Map<string, string>();
  for (const area of areas) {
    for (const name of readdirSync(join(root, area))
      .filter((f) => /\.ya?ml$/.test(f))
      .sort()) {
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

/**
 * The package's suites and a user's own folders (`--suites DIR`, repeatable). A folder holds area folders
 * of YAML files, as suites/ does, and may hold YAML files itself, whose area is the folder's name. Every
 * file is validated as the package's are; a case id used twice anywhere is an error naming both files.
 */
export function loadAllSuites(extra: readonly string[] = []): CaseDef[] {
  const cases = loadSuites();
  const seen = new Map(cases.map((c) => [c.id, c.file]));
  for (const dir of extra) {
    let own: CaseDef[];
    try {
      if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new SuiteError(`--suites ${dir}: no such folder`);
      const files = readdirSync(dir)
        .filter((f) => /\.ya?ml$/.test(f))
        .sort();
      own = [...files.flatMap((f) => loadSuiteFile(join(dir, f), basename(dir))), ...loadSuites(dir)];
    } catch (error) {
      if (error instanceof SuiteError) throw error;
      throw new SuiteError(`--suites ${dir}: ${(error as Error).message}`);
    }
    for (const c of own) {
      const other = seen.get(c.id);
      if (other) throw new SuiteError(`${c.file}: case id ${c.id} is also used in ${other}`);
      seen.set(c.id, c.file);
      cases.push(c);
    }
  }
  return cases;
}

/**
 * Cases whose id matches a glob (`*` any run of characters; several patterns comma-separated) and that carry one of the
 * tags.
 */
export function selectCases(cases: readonly CaseDef[], only?: string, tags?: readonly string[]): CaseDef[] {
  const patterns = (only ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replaceAll("*", ".*")}$`));
  return cases.filter(
    (c) =>
      (!patterns.length || patterns.some((re) => re.test(c.id) || re.test(c.area))) &&
      (!tags?.length || tags.some((t) => c.tags.includes(t))),
  );
}
