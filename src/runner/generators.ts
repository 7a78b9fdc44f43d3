import { randomBytes } from "node:crypto";
import { bodyOperation, loadContract, type Dataset, type FieldSpec } from "../contract/index.js";
import { lintCorpus, type CorpusEntry } from "../lint/corpus.js";
import { routeGenerators } from "./route-generators.js";
import { operatorsOf } from "../validity/arbitrary.js";
import { generatedQueries } from "../validity/generated.js";
import { refusalMatrix } from "../validity/matrix.js";
import { refusalClauses, refusedToolSamples } from "./refusal-clauses.js";
import { TemplateError, Unknown, type Generator, type TemplateScope } from "./template.js";

/**
 * The values a run invents: IDs that cannot resolve (bogus and tampered), long texts, and queries
 * built from the catalog. Every invented ID is remembered in `bogus`, so that the budget knows it
 * cannot be charged (§8: not_found rows are free).
 */
export interface GeneratorState {
  readonly bogus: Set<string>;
  /** Extra generators (e.g. the linter's corpus); merged over the built-in ones. */
  readonly extra?: Readonly<Record<string, Generator>>;
  /** Count and seed of generatedQueries (`tdss run --generated N --seed N`). */
  readonly generated?: GeneratedQueries;
}

export interface GeneratedQueries {
  readonly count: number;
  readonly seed: number;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

function bogusId(state: GeneratorState): string {
  const id = randomBytes(24).toString("base64url");
  state.bogus.add(id);
  return id;
}

/**
 * The same ID with one character in its middle changed: looks genuine, and does not decrypt where IDs carry
 * authentication (where they do not, it may decrypt to another record: s2-1-ids-not-issued).
 */
export function tamperId(id: string): string {
  if (id.length === 0) return "x";
  const at = Math.floor(id.length / 2);
  const current = id[at]!;
  const pool = ALPHABET.includes(current) ? ALPHABET : ALPHABET + current;
  const replacement = pool[(pool.indexOf(current) + 17) % pool.length]!;
  return id.slice(0, at) + (replacement === current ? "~" : replacement) + id.slice(at + 1);
}

const WORDS =
  "senior software engineer with experience in data platforms distributed systems and team leadership ".repeat(4);

/** Readable text of exactly n characters. */
export function textOfLength(n: number): string {
  let out = "";
  while (out.length < n) out += WORDS;
  return out.slice(0, n);
}

function count(value: unknown, name: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 100_000)
    throw new TemplateError(`${name}: expected a count, got ${JSON.stringify(value)}`);
  return value;
}

function list(value: unknown, name: string): unknown[] | Unknown {
  if (value instanceof Unknown) return value.kind === "list" ? value : new Unknown("list", 1);
  if (!Array.isArray(value))
    throw new TemplateError(`${name}: expected a list, got ${JSON.stringify(value)?.slice(0, 60)}`);
  return value as unknown[];
}

/**
 * A leaf every field of the dataset accepts, with a value of the field's type (§2.2, §2.5, §2.7, §4.2 rule 3),
 * and an operator the linter calls valid for it (spec/catalog/grammar.yaml on jobs and companies).
 */
function typicalLeaf(field: FieldSpec): Record<string, unknown> {
  const ops = operatorsOf(field);
  if (field.values?.length && ops.includes("eq")) return { field: field.name, eq: field.values[0] };
  if (field.type === "date") return { field: field.name, gte: field.name === "posted" ? "now-30d" : "2000-01-01" };
  if (field.type === "number" || field.type === "ordinal")
    return ops.includes("gte") ? { field: field.name, gte: 0 } : { field: field.name, eq: 1 };
  if (field.type === "boolean") return { field: field.name, eq: true };
  if (ops.includes("match")) return { field: field.name, match: "a" };
  return { field: field.name, eq: "tdss" };
}

/**
 * A captured ID (or cursor) with one character changed. It is not remembered as bogus: IDs encrypted without
 * authentication in a dense space can resolve it to a record (s2-1-ids-not-issued), so the budget prices it as an
 * ID that may be found and charged.
 */
function tamper(_state: GeneratorState, [id]: readonly unknown[], scope: TemplateScope): unknown {
  if (id instanceof Unknown || scope.estimating) return randomBytes(16).toString("base64url");
  if (typeof id !== "string")
    throw new TemplateError(`tamper: expected a string, got ${JSON.stringify(id)?.slice(0, 60)}`);
  return tamperId(id);
}

/**
 * The refusal clauses of each corpus entry, judged once a process: the plan and the run each expand `lintCorpus`, and
 * judging its entries (the linter's rules and the schemas, src/validity/judge.ts) was most of what that cost. An
 * entry's judgement cannot change: the corpus is frozen (src/lint/corpus.ts) and the judge holds no state.
 */
const judgedEntries = new Map<CorpusEntry, readonly string[] | undefined>();

function corpusClauses(entry: CorpusEntry): readonly string[] | undefined {
  if (!judgedEntries.has(entry)) judgedEntries.set(entry, refusalClauses(entry));
  return judgedEntries.get(entry);
}

/**
 * Entries of the linter's shared corpus with a given consequence (e.g. 'refused'), optionally only
 * for some routes: {name, route, body, raw}. Their detail IDs are made up, so they cannot be charged.
 * Entries with an invalid page size are left out: a deployment that wrongly serves one could return
 * up to 10000 IDs, so their cost cannot be bounded here (suites/limits probes sizes on a query that
 * matches nothing instead).
 */
function lintCorpusEntries(state: GeneratorState, [consequence, ...routes]: readonly unknown[]): unknown {
  const validSize = (body: unknown) => {
    const size = (body as { size?: unknown } | null)?.size;
    return size === undefined || (Number.isInteger(size) && (size as number) >= 1 && (size as number) <= 100);
  };
  const entries = lintCorpus.filter(
    (e) => e.expected === consequence && (routes.length === 0 || routes.includes(e.route)) && validSize(e.body),
  );
  if (entries.length === 0)
    throw new TemplateError(
      `lintCorpus: no entry is ` +
        `classed ${JSON.stringify(consequence)}${routes.length ? ` for ${routes.join(", ")}` : ""}`,
    );
  for (const e of entries) {
    const ids = (e.body as Record<string, unknown> | null)?.[bodyOperation(e.route)!.idsMember];
    if (Array.isArray(ids)) ids.forEach((id) => typeof id === "string" && state.bogus.add(id));
  }
  // A refused entry is sent only where the two definitions of validity agree it is owed (src/validity/judge.ts);
  // one they disagree on is left out, not judged (docs/validity.md, "The judge").
  return entries.flatMap((e) => {
    const clauses = consequence === "refused" ? corpusClauses(e) : [];
    if (clauses === undefined) return [];
    return [{ name: e.name, route: e.route, body: e.body, ...(e.raw !== undefined ? { raw: e.raw } : {}), clauses }];
  });
}

/** Generators of values: made-up IDs, texts and lists, and readings of captured values. */
function valueGenerators(state: GeneratorState): Record<string, Generator> {
  return {
    /** An ID no deployment can resolve. */
    bogusId: () => bogusId(state),
    /** n distinct unresolvable IDs. */
    bogusIds: ([n]) => Array.from({ length: count(n, "bogusIds") }, () => bogusId(state)),
    /** A captured ID (or cursor) with one character changed. */
    tamper: (args, scope) => tamper(state, args, scope),
    /** Text of exactly n characters. */
    text: ([n]) => textOfLength(count(n, "text")),
    /** The first n items of a list. */
    take: ([l, n]) => {
      const items = list(l, "take");
      const k = count(n, "take");
      return items instanceof Unknown ? new Unknown("list", Math.min(k, items.max)) : items.slice(0, k);
    },
    /** The first item of a list. */
    first: ([l]) => {
      const items = list(l, "first");
      if (items instanceof Unknown) return new Unknown("value", 1);
      if (items.length === 0) throw new TemplateError("first: the list is empty");
      return items[0];
    },
    /** One list made of several (lists are flattened, single values appended). */
    concat: (parts) => parts.flatMap((p) => (Array.isArray(p) ? (p as unknown[]) : [p])),
    /** A number raised to `floor` where below it: the page size of a set a refresh may have emptied since (§1). */
    atLeast: ([n, floor]) => (n instanceof Unknown ? n : Math.max(Number(n), Number(floor))),
    /** A list holding a value n times. */
    repeat: ([value, n]) => Array.from({ length: count(n, "repeat") }, () => value),
    /** The first word of a text (for a narrow `match`). */
    firstWord: ([s]) => {
      if (s instanceof Unknown) return s;
      const word = typeof s === "string" ? /[\p{L}\p{N}]+/u.exec(s)?.[0] : undefined;
      if (!word) throw new TemplateError(`firstWord: no word in ${JSON.stringify(s)?.slice(0, 60)}`);
      return word;
    },
    /** The value itself; when the data holds nothing there (null or empty), the case is skipped, not failed. */
    present: ([v]) => {
      if (v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0))
        throw new TemplateError("the deployment's record holds no value here");
      return v;
    },
    /** Lower-cased text (a wrongly capitalised fixed-set value, §7). */
    lower: ([s]) => (s instanceof Unknown ? s : String(s).toLowerCase()),
    /** The member names of an object. */
    keys: ([o]) => (o instanceof Unknown ? new Unknown("list", 100) : o && typeof o === "object" ? Object.keys(o) : []),
  };
}

/** Generators of what the contract and the linter hold: fields, fixed values, corpora, matrices, samples. */
function contractGenerators(state: GeneratorState): Record<string, Generator> {
  return {
    /** An `any` node with one typed leaf per queryable field of the dataset (§2.2, §2.5, §2.7). */
    everyField: ([dataset]) => {
      const spec = loadContract().datasets[dataset as Dataset];
      if (!spec) throw new TemplateError(`everyField: unknown dataset ${JSON.stringify(dataset)}`);
      return { any: [...spec.fields.values()].map(typicalLeaf) };
    },
    /** Allowed values of a fixed-set people field (§2.3), in the spec's order. */
    fixedValues: ([field]) => {
      const values = loadContract().datasets.people.fields.get(String(field))?.values;
      if (!values) throw new TemplateError(`fixedValues: ${JSON.stringify(field)} has no fixed value set`);
      return [...values];
    },
    /** Published people record fields (§2.4 shown fields and the queryable names). */
    peopleFields: () => [...loadContract().records.people],
    /** Entries of the linter's shared corpus with a given consequence (lintCorpusEntries). */
    lintCorpus: (args) => lintCorpusEntries(state, args),
    /**
     * The validation matrix of one linter rule: its refusal classes at every position below the top, on every
     * dataset, each joined with a condition no record meets (docs/validity.md).
     */
    refusalMatrix: ([rule]) => {
      const entries = refusalMatrix().filter((e) => e.rule === rule && e.position !== "top");
      if (entries.length === 0)
        throw new TemplateError(`refusalMatrix: no refusal class of rule ${JSON.stringify(rule)}`);
      return entries.map((e) => ({ name: e.name, route: e.route, body: e.body }));
    },
    /**
     * Seeded search bodies of the three datasets whose linter verdict is `verdict` (refused, unspecified,
     * served), each joined with a condition no record meets (src/validity/generated.ts).
     */
    generatedQueries: ([verdict]) => {
      const all = generatedQueries(state.generated?.count, state.generated?.seed);
      return all.filter((q) => q.verdict === verdict).map((q) => ({ name: q.name, route: q.route, body: q.body }));
    },
    /**
     * The bodies of `mcp-tool-schemas` samples the route refuses, as tool calls ({operation, body, clause}), so
     * that a tool whose schema is looser than its route is seen to refuse them itself (s4-1-tool-schema-direction).
     * Samples with a page size outside 1..100, and natural-language ones (a 5-Credit base each), are left out.
     */
    refusedToolSamples: ([samples]) => refusedToolSamples(samples),
    /** Fields of the default job record (§2.6). */
    jobDefaultFields: () => [...loadContract().records.jobsDefault],
  };
}

export function createGenerators(state: GeneratorState): Record<string, Generator> {
  return { ...valueGenerators(state), ...contractGenerators(state), ...routeGenerators, ...state.extra };
}
