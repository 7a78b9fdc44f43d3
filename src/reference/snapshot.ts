import type { Dataset } from "../contract/index.js";
import type { IdCodec } from "./ids.js";
import type { CompanyInput, JobInput, PersonInput } from "./inputs.js";
import { NaturalLanguageReader } from "./nl.js";
import { Evaluator, type EvaluationFaults } from "./query/evaluate.js";
import { CompanyRecords } from "./records/companies.js";
import { JobRecords } from "./records/jobs.js";
import { ProfileRecords } from "./records/people.js";
import { Bitset } from "./store/bitset.js";
import type { TableName } from "./store/schema.js";
import type { Store } from "./store/store.js";

/** The generated or hand-built data as arrays, so that it can be read more than once. */
export interface DataRecords {
  readonly people: readonly PersonInput[];
  readonly jobs: readonly JobInput[];
  readonly companies: readonly CompanyInput[];
}

/**
 * One snapshot of a deployment's data as a refresh makes it: the records, row for row those of the data it
 * refreshes (a refresh does not re-key the data, so an ID names the same record in every snapshot), and the rows
 * the snapshot does not hold (gone since, or not yet in): search never matches them and detail reports them in
 * not_found.
 */
export interface SnapshotInput {
  readonly data: DataRecords;
  readonly absent?: Partial<Readonly<Record<Dataset, readonly number[]>>>;
}

/**
 * Data refreshed while the server runs (a variant, s1-snapshot-data-lag): the snapshots made from the data,
 * served in turn, each for `every` priced requests (those that reach the handler), then the next, round.
 */
export interface Refresh {
  readonly every: number;
  readonly snapshots: (data: DataRecords) => readonly SnapshotInput[];
}

const ROOT_TABLE: Readonly<Record<Dataset, TableName>> = { people: "person", jobs: "jobs", companies: "companies" };

/** A store with what the service reads from it: the query evaluator, the natural-language reader, the records. */
export class Snapshot {
  readonly evaluator: Evaluator;
  readonly nl: NaturalLanguageReader;
  readonly profiles: ProfileRecords;
  readonly jobs: JobRecords;
  readonly companies: CompanyRecords;
  /** The rows held, by dataset, where the snapshot leaves some out. */
  private readonly held: Partial<Record<Dataset, Bitset>> = {};

  constructor(
    readonly store: Store,
    ids: IdCodec,
    asOf: number,
    evaluation: EvaluationFaults | undefined,
    absent: SnapshotInput["absent"] = {},
  ) {
    this.evaluator = new Evaluator(store, evaluation);
    this.nl = new NaturalLanguageReader(store);
    this.profiles = new ProfileRecords(store, ids);
    this.jobs = new JobRecords(store, ids, asOf);
    this.companies = new CompanyRecords(store);
    for (const [dataset, rows] of Object.entries(absent) as [Dataset, readonly number[]][]) {
      const held = Bitset.full(store.tables[ROOT_TABLE[dataset]].rows);
      for (const row of rows) held.words[row >>> 5]! &= ~(1 << (row & 31));
      this.held[dataset] = held;
    }
  }

  /** Whether the snapshot holds a row of a dataset's root table (one that exists). */
  holds(dataset: Dataset, row: number): boolean {
    return row < this.store.tables[ROOT_TABLE[dataset]].rows && (this.held[dataset]?.has(row) ?? true);
  }

  /** The rows of `dataset` a query matches in this snapshot. */
  matches(dataset: Dataset, matches: Bitset): Bitset {
    const held = this.held[dataset];
    return held ? matches.clone().and(held) : matches;
  }
}
