import { FINGERPRINT, QUOTES, SPEC } from "./compiled.js";
import { readOperations, type Operation } from "./operations.js";
import {
  DATASETS,
  type Clause,
  type CreditFormula,
  type CreditFormulaName,
  type CreditRefusal,
  type Dataset,
  type DatasetSpec,
  type FieldSpec,
  type Grammar,
  type Limits,
  type OpenApiDocument,
  type OperationId,
  type Operator,
  type ScopeKey,
  type SubRecord,
} from "./types.js";

export interface Contract {
  readonly openapi: OpenApiDocument;
  /** sha256 of the canonical (key-sorted JSON) form of spec/openapi.yaml. */
  readonly fingerprint: string;
  readonly datasets: Readonly<Record<Dataset, DatasetSpec>>;
  readonly limits: Limits;
  readonly grammar: Grammar;
  readonly credits: Readonly<Record<CreditFormulaName, CreditFormula>>;
  readonly creditRefusal: CreditRefusal;
  readonly clauses: ReadonlyMap<string, Clause>;
  readonly operations: ReadonlyMap<OperationId, Operation>;
  readonly records: RecordFields;
  /** How the reports name what a run records where the deployment chooses (spec/catalog/choices.yaml). */
  readonly choices: readonly ChoiceTopicEntry[];
}

/** One entry of spec/catalog/choices.yaml. */
interface ChoiceTopicEntry {
  /** A topic of report.json `observed`; `*` stands for one or more dot-separated words. */
  readonly topic: string;
  /** The topic in words; `{*}` repeats what `*` matched. */
  readonly label: string;
  /** The clause the choice rests on; `section` names the section where no one clause does. */
  readonly clause?: string;
  readonly section?: string;
  /** What the specification says there, in one line. */
  readonly spec: string;
  /** The unit of a number (Credits). */
  readonly unit?: string;
  /** `run`: what a run records about itself, not the deployment's choice. */
  readonly about?: "run";
}

/** Published record fields of the detail routes (spec/catalog/records.yaml). */
interface RecordFields {
  /** People fields a deployment is known to return: the four shown in §2.4 plus the queryable names. */
  readonly people: readonly string[];
  /** Job record fields of §2.6, including dotted names of nested members (company.name, ...). */
  readonly jobs: readonly string[];
  readonly jobsDefault: readonly string[];
  readonly jobsOptional: readonly string[];
  /** Company record fields are not shown (§2.7). */
  readonly companies: null;
}

interface RawField {
  name: string;
  group?: string;
  type: FieldSpec["type"];
  scope?: SubRecord;
  values?: string[];
  ordered?: boolean;
  takes?: FieldSpec["takes"];
}
interface RawDataset {
  dataset: Dataset;
  operators?: Operator[];
  groups?: Record<string, { label: string; operators: Operator[] }>;
  scopes?: Partial<Record<ScopeKey, SubRecord>>;
  fields: RawField[];
}

/** A file of spec/, parsed at build time (src/contract/compiled.ts): loading the contract reads no file. */
function readYaml<T>(...parts: string[]): T {
  const path = parts.join("/");
  if (!Object.hasOwn(SPEC, path))
    throw new Error(`tdss: spec/${path} is not in the compiled contract; run npm run generate`);
  return structuredClone(SPEC[path]) as T;
}

function loadDataset(name: Dataset): DatasetSpec {
  const raw = readYaml<RawDataset>("catalog", `${name}.yaml`);
  const fields = new Map<string, FieldSpec>();
  for (const f of raw.fields) {
    const group = f.group ? raw.groups?.[f.group] : undefined;
    const operators = group?.operators ?? raw.operators;
    if (!operators) throw new Error(`tdss: spec/catalog/${name}.yaml: field ${f.name} has no operators`);
    if (fields.has(f.name)) throw new Error(`tdss: spec/catalog/${name}.yaml: field ${f.name} listed twice`);
    fields.set(
      f.name,
      Object.freeze({
        name: f.name,
        dataset: name,
        operators: Object.freeze([...operators]),
        type: f.type,
        ...(f.group ? { group: f.group, groupLabel: group?.label } : {}),
        ...(f.values ? { values: Object.freeze([...f.values]) } : {}),
        ...(f.ordered ? { ordered: true } : {}),
        ...(f.scope ? { scope: f.scope } : {}),
        ...(f.takes ? { takes: f.takes } : {}),
      }),
    );
  }
  return Object.freeze({ name, fields, scopes: Object.freeze({ ...(raw.scopes ?? {}) }) });
}

function loadClauses(): Map<string, Clause> {
  const raw = readYaml<{ clauses: (Omit<Clause, "text" | "quote"> & { text: string | string[] })[] }>("clauses.yaml");
  const clauses = new Map<string, Clause>();
  for (const c of raw.clauses) {
    if (clauses.has(c.id)) throw new Error(`tdss: spec/clauses.yaml: clause id ${c.id} appears twice`);
    const text = Array.isArray(c.text) ? c.text : [c.text];
    clauses.set(c.id, Object.freeze({ ...c, text: Object.freeze(text), quote: QUOTES[c.id] ?? text.join(" ") }));
  }
  return clauses;
}

/** Canonical JSON (sorted keys) so that the fingerprint ignores YAML formatting. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value);
}

function loadRecords(people: DatasetSpec): RecordFields {
  const raw = readYaml<{
    people: { shown: string[]; includeQueryable: boolean };
    jobs: { fields: string[]; nested: Record<string, string[]>; notDefault: string[]; optional: string[] };
  }>("catalog", "records.yaml");
  const peopleFields = [...raw.people.shown, ...(raw.people.includeQueryable ? people.fields.keys() : [])];
  const nested = Object.entries(raw.jobs.nested).flatMap(([parent, kids]) => kids.map((k) => `${parent}.${k}`));
  return Object.freeze({
    people: Object.freeze([...new Set(peopleFields)]),
    jobs: Object.freeze([...raw.jobs.fields, ...nested]),
    jobsDefault: Object.freeze(raw.jobs.fields.filter((f) => !raw.jobs.notDefault.includes(f))),
    jobsOptional: Object.freeze([...raw.jobs.optional]),
    companies: null,
  });
}

let contract: Contract | undefined;

/** The contract of spec/, read once per process and frozen. */
export function loadContract(): Contract {
  if (contract) return contract;
  const openapi = readYaml<OpenApiDocument>("openapi.yaml");
  const rawCredits = readYaml<{
    formulas: Record<CreditFormulaName, Omit<CreditFormula, "name">>;
    refusal: CreditRefusal;
  }>("catalog", "credits.yaml");
  const credits = Object.fromEntries(
    Object.entries(rawCredits.formulas).map(([name, f]) => [name, Object.freeze({ name, ...f })]),
  ) as unknown as Record<CreditFormulaName, CreditFormula>;
  const datasets = Object.fromEntries(DATASETS.map((d) => [d, loadDataset(d)])) as Record<Dataset, DatasetSpec>;
  contract = Object.freeze({
    openapi,
    fingerprint: FINGERPRINT,
    datasets: Object.freeze(datasets),
    limits: readYaml<Limits>("catalog", "limits.yaml"),
    grammar: readYaml<Grammar>("catalog", "grammar.yaml"),
    credits: Object.freeze(credits),
    creditRefusal: Object.freeze(rawCredits.refusal),
    clauses: loadClauses(),
    operations: readOperations(openapi),
    records: loadRecords(datasets.people),
    choices: Object.freeze(
      readYaml<{ topics: ChoiceTopicEntry[] }>("catalog", "choices.yaml").topics.map((t) => Object.freeze(t)),
    ),
  });
  return contract;
}

export function operation(operationId: OperationId): Operation {
  const op = loadContract().operations.get(operationId);
  if (!op) throw new Error(`tdss: unknown operation ${operationId}`);
  return op;
}

export function clause(id: string): Clause {
  const c = loadContract().clauses.get(id);
  if (!c) throw new Error(`tdss: unknown clause id ${id}`);
  return c;
}
