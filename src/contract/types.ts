import type { OpenAPIV3_1 } from "openapi-types";
import type { ScopeBinding } from "./scope-binding.js";

export const OPERATORS = ["eq", "in", "match", "gte", "lte", "exists"] as const;
export type Operator = (typeof OPERATORS)[number];

export const DATASETS = ["people", "jobs", "companies"] as const;
export type Dataset = (typeof DATASETS)[number];

export const OPERATION_IDS = [
  "queryPeople",
  "searchPeople",
  "getProfiles",
  "queryJobs",
  "getJobs",
  "queryCompanies",
  "getCompanies",
  "getVersion",
  "getKeyStatus",
] as const;
export type OperationId = (typeof OPERATION_IDS)[number];
/** Operations with a JSON request body (every one but the system routes of §4.5); src/contract/operations.ts. */
export type BodyOperationId = Exclude<OperationId, "getVersion" | "getKeyStatus">;

export type ValueType = "text" | "list" | "identity" | "number" | "ordinal" | "date" | "boolean";
/** A scope key of the Query Spec (§4.2); generated from spec/catalog/. */
export type ScopeKey = keyof ScopeBinding;
/** A sub-record a scope binds (experience, education, language); generated from spec/catalog/. */
export type SubRecord = ScopeBinding[ScopeKey];
export type FieldTakes = "country-name" | "iso2" | "iso3";

export interface FieldSpec {
  readonly name: string;
  readonly dataset: Dataset;
  /** §2.2 group id (people only). */
  readonly group?: string;
  readonly groupLabel?: string;
  readonly operators: readonly Operator[];
  readonly type: ValueType;
  /** §2.3 fixed value set, in the spec's order. */
  readonly values?: readonly string[];
  /** True where the spec orders the values lowest to highest. */
  readonly ordered?: boolean;
  /** The sub-record the field belongs to (design scope table); absent at person level. */
  readonly scope?: SubRecord;
  readonly takes?: FieldTakes;
}

export interface DatasetSpec {
  readonly name: Dataset;
  readonly fields: ReadonlyMap<string, FieldSpec>;
  /** Scope keys of the dataset and the sub-record each binds (people only). */
  readonly scopes: Readonly<Partial<Record<ScopeKey, SubRecord>>>;
}

interface Range {
  readonly min: number;
  readonly max: number;
  readonly default?: number;
}

export interface Limits {
  readonly search: {
    readonly size: Required<Range>;
    readonly total: { readonly exactBelow: number; readonly capped: string };
    readonly operatorsPerLeaf: number;
  };
  readonly naturalLanguage: {
    readonly text: { readonly minLength: number; readonly maxLength: number };
    readonly size: Required<Range>;
  };
  readonly dates: { readonly absolute: string; readonly relativeUnits: readonly string[] };
  readonly project: {
    readonly maxNestingDepth: number;
    /** Most nodes of one query tree the reference evaluates (a larger tree is refused; the linter says unspecified). */
    readonly maxNodes: number;
    /** Largest request body in bytes the reference reads (larger: refused with 413; the linter says unspecified). */
    readonly maxBodyBytes: number;
    /** Largest input `tdss lint` reads, in bytes (a file, standard input, or a --jsonl file). */
    readonly maxLintInputBytes: number;
    /** Diagnostics of one rule a `tdss lint` report lists per input; the rest are counted in one more. */
    readonly maxReportedPerRule: number;
  };
}

/** The Query Spec node grammar of §4.2 as data (spec/catalog/grammar.yaml). */
export interface Grammar {
  /** Operators that fit each value type on jobs and companies (reading of s2-5-job-operators-not-shown). */
  readonly operatorsByType: Readonly<Record<ValueType, readonly Operator[]>>;
  /** The JSON kind of a value of each value type. */
  readonly valueKinds: Readonly<Record<ValueType, "string" | "number" | "boolean">>;
  /** The argument forms §4.2 shows for not, in and exists. */
  readonly argumentForms: { readonly not: "node"; readonly in: "non-empty-array"; readonly exists: readonly unknown[] };
}

export type CreditFormulaName = "search" | "natural-language-search" | "detail" | "free" | "not-shown";

export interface CreditFormula {
  readonly name: CreditFormulaName;
  readonly description: string;
  /** Credits charged on any success; null where the cost is not shown. */
  readonly base: number | null;
  /** One Credit per this many counted items (rounded up); null where nothing is counted. */
  readonly per: number | null;
  readonly count: "returned-ids" | "found-records" | "none";
  /** The clause of spec/clauses.yaml a Credit check of this formula rests on. */
  readonly clause: string;
}

/** What a refusal costs (§7: a query is translated before any charge) and the clause that says so. */
export interface CreditRefusal {
  readonly cost: number;
  readonly clause: string;
}

export type ClauseKind = "must" | "lint" | "implementation-defined" | "ambiguous";
export type ClauseArea =
  | "envelope"
  | "people-query"
  | "jobs-companies-query"
  | "nl-search"
  | "detail"
  | "limits"
  | "query-spec"
  | "credits"
  | "auth"
  | "version"
  | "mcp"
  | "privacy"
  | "search-semantics"
  | "routes"
  | "validation"
  | "lint";

export interface Clause {
  readonly id: string;
  readonly section: string;
  readonly kind: ClauseKind;
  readonly area: ClauseArea;
  /** Verbatim quotes from the interface specification. */
  readonly text: readonly string[];
  /** The quotes as one passage: an ellipsis between quotes that stand apart in the specification (compile.ts). */
  readonly quote: string;
  /** The project's reading (ambiguous) or what is unknown (implementation-defined). */
  readonly reading?: string;
}

export type OpenApiDocument = OpenAPIV3_1.Document;
