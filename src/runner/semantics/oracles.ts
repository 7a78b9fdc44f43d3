import {
  canonicalJson,
  loadContract,
  OPERATORS,
  type Dataset,
  type DatasetSpec,
  type FieldSpec,
  type Operator,
} from "../../contract/index.js";
import { settleAll } from "../concurrent.js";
import { compositeAt, shapeAt } from "./shapes.js";
import { provenCount, totalAcrossSizes, totalsDisagree } from "./totals.js";
import {
  ConditionBuilder,
  NONCE,
  nonceVariant,
  type Allowed,
  type Condition,
  type EmptyProbe,
  type Sample,
} from "./conditions.js";
import { narrowSet } from "../narrowing.js";
import { REISSUED_CLAUSE, REISSUED_IDS, reissuedIds } from "../../checks/reissued-ids.js";
import { Judge, type QueryNode } from "./judge.js";
import { AllowanceSpent, type OracleFailure, type OracleRequests, type SearchResult } from "./oracle-requests.js";
import { readField, todayUtc } from "./values.js";

export interface OracleOptions {
  readonly dataset: Dataset;
  /** Records sampled and turned into oracle queries. */
  readonly samples: number;
  /** Partitions (TLP) tried on the first sample. */
  readonly partitions: number;
}

/** Conditions per retrievability query: enough to cover a record in a few Credits, few enough for any engine. */
const CHUNK = 120;
/** Queries that must match nobody, sent together as one `any` (empty too), split only when it returns something. */
const BATCH = 24;
/** Page size of every oracle search: one Credit at most (§8: ceil(IDs / 25)), small enough to fetch whole. */
const PAGE = 5;
/** Page size of a partition part, whose IDs are compared as sets: still one Credit. */
const SET_PAGE = 25;
/** Conditions from a record's own values that may be added to a partition's Q until its set can be compared whole. */
const NARROWING_LEAVES = 4;

const all = (...nodes: QueryNode[]): QueryNode => ({ all: nodes });

/** Queries that must match nobody, sent as one: the query itself, or an `any` of several. */
const batchOf = (probes: readonly EmptyProbe[]): QueryNode =>
  probes.length === 1 ? probes[0]!.where : { any: probes.map((p) => p.where) };

/** A record a search returned outside its query under every reading: its ID, values and the detail call it came by. */
interface Outside {
  readonly id: string;
  readonly judge: Judge;
  readonly values: Readonly<Record<string, unknown>>;
  readonly detail: number;
}

/** A record outside its query that a second look did not explain: the search that returned it, and earlier looks. */
interface Confirmed {
  readonly found: Outside;
  readonly exchange: number;
  readonly earlier: readonly number[];
}

/** What a partition rests on: Q is the disjoint union of its parts by a condition, its negation and a missing value. */
const PARTITION = ["s4-2-not-negates", "s4-2-exists-presence", "s4-2-all-every-condition"];
/** §4.2: the conditions of a scope hold on one and the same sub-record. */
const SCOPE = "s4-2-scope-same-sub-record";
/** §4.3: a people total "counts matches, not returned IDs". */
const TOTAL = "s4-3-total-counts-matches";
/** The search route of each dataset, which names the observation of IDs issued afresh. */
const SEARCH_OPERATION: Readonly<Record<Dataset, string>> = {
  people: "queryPeople",
  jobs: "queryJobs",
  companies: "queryCompanies",
};
/** A record's own ID member where the spec names one (§2.4 profile_id, §2.6 id); companies are not shown (§2.7). */
const OWN_ID: Readonly<Record<Dataset, string>> = { people: "profile_id", jobs: "id", companies: "id" };

/** Field names a query names (to fetch exactly those with `_source`). */
function fieldsOf(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => fieldsOf(n, out));
  else if (node && typeof node === "object") {
    const n = node as Record<string, unknown>;
    if (typeof n.field === "string") out.add(n.field);
    else Object.values(n).forEach((c) => fieldsOf(c, out));
  }
  return out;
}

const show = (node: unknown) => JSON.stringify(node);

/** Days since 1970-01-01 of a YYYY-MM-DD date: successive days draw successive shapes. */
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/** The deployment holds nothing this step can sample: the case is skipped with the reason, never passed. */
export class NothingToSample extends Error {}

/** What a record shows: each field with a value, without one, and each sub-record count. */
function features(s: Sample): string[] {
  return [...s.fields.values()].flatMap((r) =>
    r.present === undefined
      ? []
      : [`${r.field.name}:${r.present}`, ...(r.perElement && r.perElement.length > 1 ? [`${r.field.name}:many`] : [])],
  );
}

/** Greedily the samples that add the most features not yet shown. */
function pickDiverse(candidates: readonly Sample[], count: number): Sample[] {
  const chosen: Sample[] = [];
  const shown = new Set<string>();
  while (chosen.length < count && chosen.length < candidates.length) {
    // A field without a value and several sub-records are what most oracles need and fewest records show: worth double.
    const gain = (c: Sample) => features(c).reduce((g, f) => g + (shown.has(f) ? 0 : f.endsWith(":true") ? 1 : 2), 0);
    const next = candidates
      .filter((c) => !chosen.includes(c))
      .map((c) => ({ c, gain: gain(c) }))
      .sort((a, b) => b.gain - a.gain)[0]!.c;
    chosen.push(next);
    features(next).forEach((f) => shown.add(f));
  }
  return chosen;
}

/** A partition's failure, held until a second look confirms it; `totalOf` names the search whose total it blames. */
interface PartitionFault {
  readonly failure: OracleFailure;
  readonly totalOf: string | undefined;
}

/**
 * The search-semantics oracles on one dataset (docs/search-semantics.md): retrievability, relations that
 * make a query empty, soundness and partitioning, each over records sampled from the deployment itself.
 */
export class SemanticOracles {
  private readonly spec: DatasetSpec;
  private readonly today = todayUtc();
  private accepted = new Map<string, Set<Operator>>();
  private nonce: QueryNode | undefined;
  /** Searches asked again by partitions whose totals disagree, by page size and query. */
  private readonly askedAgain = new Map<string, Promise<SearchResult | undefined>>();
  /** Searches whose total a partition showed wrong (reported once). */
  private readonly totalFaults = new Set<string>();
  /** The `_source` the samples were fetched with (undefined: the default record). */
  private sampleSource: readonly string[] | undefined;
  /**
   * The deployment answered the sampling search twice with other ID strings for the same records (s2-1-id-stability-
   * not-shown): whether a search returned a record is then asked of the records its IDs resolve to, and partitions of
   * jobs and companies compare counts (docs/verdicts.md, "What a check assumes about ID strings").
   */
  private reissued = false;

  constructor(
    private readonly session: OracleRequests,
    private readonly options: OracleOptions,
  ) {
    this.spec = loadContract().datasets[options.dataset];
  }

  private get dataset(): Dataset {
    return this.options.dataset;
  }

  private readonly allowed: Allowed = (field, op) => this.accepted.get(field.name)?.has(op) ?? false;

  async run(): Promise<void> {
    await this.learnOperators();
    const builder = new ConditionBuilder(this.spec, this.allowed, this.today);
    this.nonce = builder.nonceLeaf();
    const samples = await this.sample();
    if (!samples.length) return;
    const perSample = samples.map((s) => ({ sample: s, conditions: builder.retrievable(s), anchor: this.anchor(s) }));
    // The oracles run one after the other, as their order decides which of them the allowance still covers on a
    // deployment whose answers cost more than they should; within one oracle the samples, and the probe batches,
    // do not depend on each other and are sent side by side (a step's wall time is then its longest chain).
    // Queries resting on the same clauses go in one batch, so that a batch returning a record outside all of its
    // queries names the clauses broken (a batch mixing relations would name them all).
    const byClauses = new Map<string, EmptyProbe[]>();
    for (const { sample, conditions, anchor } of perSample)
      for (const probe of builder.emptyProbes(sample, conditions, anchor)) {
        const key = probe.clauses.join(" ");
        byClauses.set(key, [...(byClauses.get(key) ?? []), probe]);
      }
    const batches = [...byClauses.values()].flatMap((probes) =>
      Array.from({ length: Math.ceil(probes.length / BATCH) }, (_, k) => probes.slice(k * BATCH, (k + 1) * BATCH)),
    );
    await settleAll(
      perSample.map(
        ({ sample, conditions, anchor }) =>
          () =>
            this.retrievability(sample, conditions, anchor),
      ),
    );
    await settleAll(batches.map((batch) => () => this.mustBeEmpty(batch)));
    await settleAll(
      perSample.map(
        ({ conditions }, i) =>
          () =>
            this.soundness(conditions, perSample[(i + 1) % perSample.length]!.conditions, i),
      ),
    );
    await this.partitions(perSample[0]!.sample, perSample[0]!.conditions);
  }

  /**
   * Operators each field takes. People: the §2.2 column. Jobs and companies: "not shown"
   * (s2-5-job-operators-not-shown),
   * so each operator is tried on a leaf that matches nothing (free whether served or refused) and only those served are
   * used.
   */
  private async learnOperators(): Promise<void> {
    if (this.dataset === "people") {
      for (const f of this.spec.fields.values()) this.accepted.set(f.name, new Set(f.operators));
      return;
    }
    const fields = [...this.spec.fields.values()];
    // Leaves beside one that matches nothing: served or refused, they cost nothing. All are tried in one `any`,
    // halved only where the deployment refuses.
    const text = fields.find((f) => (f.type === "text" || f.type === "identity") && f.name !== "description");
    if (!text) return;
    const nonce = { field: text.name, eq: NONCE };
    const alone = await this.session.search(this.dataset, nonce, 1);
    if (alone.refused) return;
    for (const f of fields) this.accepted.set(f.name, new Set());
    const probes = fields
      .flatMap((f) => OPERATORS.map((op) => ({ f, op, leaf: this.probeLeaf(f, op) })))
      .filter((p) => p.leaf !== undefined);
    // The halves of a refused list do not wait for each other: the probes' chain of round trips is then the depth of
    // the halving, not the number of its steps (docs/benchmarks.md, "Latency"). What a deployment answers decides
    // nothing else here, so the result, and the first offence reported, are the same in any order of answers (unless
    // the allowance runs out first).
    let offence: { readonly at: number; readonly report: () => void } | undefined;
    const tryAll = async (list: typeof probes, at: number): Promise<void> => {
      const r = await this.session.search(this.dataset, all(nonce, { any: list.map((p) => p.leaf!) }), 1);
      // The nonce matches nobody, so no record can meet all of it and more (s4-2-all-every-condition): a free check
      // made before anything is spent, which a deployment whose `all` behaves as `any` cannot pass.
      if (!r.refused && r.ids.length > 0 && alone.ids.length === 0 && (offence === undefined || at < offence.at))
        offence = {
          at,
          report: () =>
            this.session.fail({
              check: "relation",
              message:
                `all[${show(nonce)}, any[...]] returned ${r.ids[0]}, but ${show(nonce)} alone matches nobody, so no ` +
                `record meets all of them (s4-2-all-every-condition)`,
              clauses: ["s4-2-all-every-condition"],
              exchange: r.exchange,
              related: [alone.exchange],
            }),
        };
      if (!r.refused) for (const p of list) this.accepted.get(p.f.name)!.add(p.op);
      else if (list.length > 1) {
        const half = Math.ceil(list.length / 2);
        await settleAll([() => tryAll(list.slice(0, half), at), () => tryAll(list.slice(half), at + half)]);
      }
    };
    try {
      await tryAll(probes, 0);
    } finally {
      // Reported even when the allowance ran out: the probes a deployment wrongly answers with records cost Credits.
      offence?.report();
    }
    this.session.observe(
      `search-semantics.operators.${this.dataset}`,
      Object.fromEntries([...this.accepted].map(([f, ops]) => [f, OPERATORS.filter((op) => ops.has(op)).join(",")])),
      "s2-5-job-operators-not-shown",
    );
  }

  /** A leaf of the operator in the field's JSON type, for an acceptance probe (sent beside a leaf matching nothing). */
  private probeLeaf(f: FieldSpec, op: Operator): QueryNode | undefined {
    const value =
      f.type === "number" || f.type === "ordinal"
        ? 1
        : f.type === "date"
          ? "2020-01-01"
          : f.type === "boolean"
            ? true
            : "tdss";
    if (op === "exists") return { field: f.name, exists: true };
    if (op === "in") return { field: f.name, in: [value] };
    if (op === "match")
      return typeof value === "string" && f.type !== "date" ? { field: f.name, match: value } : undefined;
    if (
      (op === "gte" || op === "lte") &&
      (f.type === "text" || f.type === "identity" || f.type === "list" || f.type === "boolean")
    )
      return undefined;
    return { field: f.name, [op]: value };
  }

  /** A query with every scope replaced by the node inside it: its conditions then hold on any sub-records. */
  private withoutScopes(node: QueryNode): QueryNode {
    const scoped = Object.keys(this.spec.scopes).find((k) => k in node);
    if (scoped) return this.withoutScopes(node[scoped] as QueryNode);
    if (Array.isArray(node.all)) return { all: (node.all as QueryNode[]).map((n) => this.withoutScopes(n)) };
    if (Array.isArray(node.any)) return { any: (node.any as QueryNode[]).map((n) => this.withoutScopes(n)) };
    if (node.not && typeof node.not === "object") return { not: this.withoutScopes(node.not as QueryNode) };
    return node;
  }

  /** A record's identity: the exact value that narrows a query to it (and its namesakes). */
  private anchor(sample: Sample): QueryNode | undefined {
    const order =
      this.dataset === "people"
        ? ["linkedin_url", "full_name"]
        : this.dataset === "companies"
          ? ["linkedin_url", "website", "name"]
          : ["description", "title"];
    for (const name of order) {
      const r = sample.fields.get(name);
      const v = r?.values.length === 1 ? r.values[0] : undefined;
      if (typeof v === "string" && this.allowed(r!.field, "eq")) return { field: name, eq: v };
    }
    return undefined;
  }

  /**
   * Searches a few candidates (a page of five costs what a page of one does), fetches them with `_source` naming
   * the dataset's queryable fields, and keeps the ones that together show the most: fields with and without a
   * value, several sub-records.
   */
  private async sample(): Promise<Sample[]> {
    const fields = [...this.spec.fields.values()].filter(
      (f) => !f.scope && (f.type === "text" || f.type === "identity"),
    );
    const discovery: QueryNode[] = [
      ...fields
        .filter((f) => this.allowed(f, "exists"))
        .slice(0, 1)
        .map((f) => ({ field: f.name, exists: true })),
      ...fields
        .filter((f) => this.allowed(f, "eq"))
        .slice(0, 1)
        .map((f) => ({ not: { field: f.name, eq: NONCE } })),
    ];
    const pool = Math.max(PAGE, this.options.samples * 2);
    let ids: readonly string[] = [];
    let asked: QueryNode | undefined;
    for (const where of discovery) {
      const found = await this.session.search(this.dataset, where, pool);
      if (!found.refused && found.ids.length) {
        ids = found.ids;
        asked = where;
        break;
      }
    }
    if (!ids.length) throw new NothingToSample(`no ${this.dataset} record was found to sample`);
    const returnable = this.dataset === "jobs" ? new Set(loadContract().records.jobs) : undefined;
    // The record's own ID member (§2.4 profile_id, §2.6 id) is named too: `_source` may return only what it names.
    const own = this.dataset === "people" ? ["profile_id"] : this.dataset === "jobs" ? ["id"] : [];
    const source = [...own, ...[...this.spec.fields.keys()].filter((n) => !returnable || returnable.has(n))];
    const records: Record<string, unknown>[] = [];
    this.sampleSource = source;
    for (let k = 0; k < ids.length; k += 5) {
      let detail = await this.session.detail(this.dataset, ids.slice(k, k + 5), this.sampleSource);
      if (detail.refused) {
        this.sampleSource = undefined;
        detail = await this.session.detail(this.dataset, ids.slice(k, k + 5));
      }
      if (detail.refused) throw new NothingToSample(`the ${this.dataset} detail route refused the sampled IDs`);
      records.push(...detail.records);
    }
    if (records.length && !records.some((r) => ids.some((id) => Object.values(r).includes(id))))
      this.reissued = await this.issuedAfresh(asked!, ids, records.length);
    if (this.reissued) return this.samplesOf(records, ids);
    const candidates: Sample[] = [];
    for (const id of ids) {
      let record =
        records.find((r) => Object.values(r).includes(id)) ??
        (ids.length === 1 && records.length === 1 ? records[0] : undefined);
      // Records that do not show their ID (company record fields are not shown, §2.7): one ID per request, for the few
      // kept.
      if (!record && candidates.length < this.options.samples)
        record = (await this.session.detail(this.dataset, [id], this.sampleSource)).records[0];
      if (record)
        candidates.push({
          id,
          record,
          fields: new Map([...this.spec.fields.values()].map((f) => [f.name, readField(record, f)])),
        });
    }
    if (!candidates.length)
      throw new NothingToSample(`no fetched ${this.dataset} record carries its ID, so none can be told apart`);
    return pickDiverse(candidates, this.options.samples);
  }

  /**
   * Whether the deployment issues IDs afresh on every call: no fetched record carries the ID it was fetched by, so the
   * sampling search is asked once more. The same number of IDs, none of them the same string, every one of the first
   * resolved (`found` records): the same records under other strings, which the oracles then tell apart by their values
   * (s2-1-id-stability-not-shown). A deployment whose records merely do not show their ID answers the same strings.
   */
  private async issuedAfresh(where: QueryNode, ids: readonly string[], found: number): Promise<boolean> {
    if (found !== ids.length) return false;
    const again = await this.session.search(this.dataset, where, ids.length);
    if (again.refused || !reissuedIds(ids, again.ids)) return false;
    this.session.observe(
      `${REISSUED_IDS}.${SEARCH_OPERATION[this.dataset]}`,
      `the same search answered twice with ${ids.length} other ID strings, each resolving (search-semantics)`,
      REISSUED_CLAUSE,
    );
    return true;
  }

  /** The samples where IDs are issued afresh: each fetched record, named by its own ID (any ID issued resolves). */
  private samplesOf(records: readonly Record<string, unknown>[], ids: readonly string[]): Sample[] {
    const candidates = records.map((record, i) => {
      const own = record[OWN_ID[this.dataset]];
      return {
        id: typeof own === "string" ? own : ids[i]!,
        record,
        fields: new Map([...this.spec.fields.values()].map((f) => [f.name, readField(record, f)])),
      };
    });
    return pickDiverse(candidates, this.options.samples);
  }

  /**
   * Whether the IDs a search returned hold the sampled record. Where IDs are issued afresh their strings name no record
   * twice alike, so the records they resolve to are fetched (one detail call, a Credit for a page of 5) and compared
   * with the sample by the values it was sampled with: every queryable field.
   */
  private async holds(ids: readonly string[], sample: Sample): Promise<boolean> {
    if (!this.reissued) return ids.includes(sample.id);
    const detail = await this.session.detail(this.dataset, ids, this.sampleSource);
    return (
      !detail.refused &&
      detail.records.some((record) =>
        [...this.spec.fields.keys()].every(
          (name) => canonicalJson(record[name] ?? null) === canonicalJson(sample.record[name] ?? null),
        ),
      )
    );
  }

  /** Each condition built from a record's own values must return it (in chunks, narrowed by its identity). */
  private async retrievability(
    sample: Sample,
    conditions: readonly Condition[],
    anchor: QueryNode | undefined,
  ): Promise<void> {
    for (let k = 0; k < conditions.length; k += CHUNK) {
      const chunk = conditions.slice(k, k + CHUNK);
      const verdict = await this.returns(sample, chunk, anchor);
      if (verdict.ok) continue;
      if (verdict.inconclusive) {
        // More records than a page match the record's own values: those returned must at least satisfy them.
        const where = all(...(anchor ? [anchor] : []), ...chunk.map((c) => c.node));
        const outside = await this.judge(
          where,
          verdict.ids,
          verdict.exchange,
          "soundness",
          `soundness of the retrievability query of record ${sample.id} (${chunk.length} conditions from its ` +
            `own values)`,
          // A record returned outside an `all`: the conditions it fails are the ones that let it through.
          (judge) => [
            ...new Set([
              "s4-2-all-every-condition",
              ...chunk.filter((c) => !judge.mayMatch(c.node)).flatMap((c) => c.clauses),
            ]),
          ],
        );
        if (!outside)
          this.session.observe(
            `search-semantics.inconclusive.${this.dataset}`,
            `record ${sample.id}: more than ${PAGE} records match its own values`,
          );
        continue;
      }
      // Halve the chunk until one condition alone fails to return the record.
      let suspects = chunk;
      while (suspects.length > 1) {
        const half = suspects.slice(0, Math.ceil(suspects.length / 2));
        const rest = suspects.slice(half.length);
        const v = await this.returns(sample, half, anchor);
        suspects = v.ok || v.inconclusive ? rest : half;
      }
      const culprit = suspects[0]!;
      const last = await this.returns(sample, [culprit], anchor);
      // A record refreshed since it was sampled is judged no further: its other values may be stale too.
      if (last.ok) {
        if (await this.chunkAgain(sample, chunk, anchor, verdict.exchange)) return;
        continue;
      }
      const where = anchor ? all(anchor, culprit.node) : culprit.node;
      if (last.refused && last.failed === undefined) {
        // Served elsewhere, this form may be refused where the spec leaves it open (an argument form, s4-2-rule6):
        // whether a valid form is served is judged by the query-spec cases, not by this oracle.
        this.session.observe(
          `search-semantics.refused.${this.dataset}`,
          `${culprit.label}: ${show(where)}`.slice(0, 200),
        );
        continue;
      }
      if (!last.failed && ((await this.refreshedSince(sample)) || (await this.cameBack(sample, [culprit], anchor))))
        return;
      this.session.fail({
        check: "retrievability",
        message:
          `record ${sample.id} is not returned by ${culprit.label}, a condition built from its own value ` +
          `(${culprit.clauses.join(", ")}): ${show(where)} ` +
          (last.failed
            ? `got ${last.failed}, neither its IDs nor a refusal`
            : `returned ${last.ids.length} IDs without it`),
        clauses: culprit.clauses,
        exchange: last.exchange,
        expected: `IDs including ${sample.id}`,
        ...(last.failed ? {} : { actual: last.ids }),
      });
    }
  }

  private async returns(sample: Sample, conditions: readonly Condition[], anchor: QueryNode | undefined) {
    const where = all(...(anchor ? [anchor] : []), ...conditions.map((c) => c.node));
    const r = await this.session.search(this.dataset, where, PAGE);
    const ok = !r.refused && r.ids.length > 0 && (await this.holds(r.ids, sample));
    return {
      ok,
      inconclusive: !ok && !r.refused && r.hasNext,
      refused: r.refused,
      ...(r.failed !== undefined ? { failed: r.failed } : {}),
      ids: r.ids,
      exchange: r.exchange,
    };
  }

  /**
   * A chunk of conditions that missed the record while each condition alone returns it: asked once more, so an
   * answer that does not come again (a gateway's passing 502) is no verdict. Missed again, the record meets every
   * condition and their `all` leaves it out, unless the record itself was refreshed meanwhile (true).
   */
  private async chunkAgain(
    sample: Sample,
    chunk: readonly Condition[],
    anchor: QueryNode | undefined,
    firstExchange: number,
  ): Promise<boolean> {
    const again = await this.returns(sample, chunk, anchor);
    if (again.ok || again.inconclusive) return false;
    const where = all(...(anchor ? [anchor] : []), ...chunk.map((c) => c.node));
    if (again.refused && again.failed === undefined) {
      this.session.observe(`search-semantics.refused.${this.dataset}`, show(where).slice(0, 200));
      return false;
    }
    if (!again.failed && ((await this.refreshedSince(sample)) || (await this.cameBack(sample, chunk, anchor))))
      return true;
    this.session.fail({
      check: "retrievability",
      message:
        `record ${sample.id} is returned by each of ${chunk.length} conditions built from its own values alone, ` +
        `but not by their all, twice: ` +
        (again.failed ? `it got ${again.failed}` : `it returned ${again.ids.length} IDs without it`) +
        `; query ${show(where).slice(0, 300)}…`,
      clauses: [...new Set(["s4-2-all-every-condition", ...chunk.flatMap((c) => c.clauses)])],
      exchange: again.exchange,
      related: [firstExchange],
      expected: `IDs including ${sample.id}`,
      actual: again.ids,
    });
    return false;
  }

  /**
   * The last look of a retrievability miss that the record's second fetch left standing (it reads as sampled): the
   * query asked once more. Returning the record now, the misses fell while a refresh had changed the record and a
   * later one changed it back, as a deployment refreshing a part of its data at a time does within one case
   * (s1-snapshot-data-lag): observed. On data that stays still the query misses again and the miss stands, as it does
   * where the step's allowance no longer covers the query.
   */
  private async cameBack(
    sample: Sample,
    conditions: readonly Condition[],
    anchor: QueryNode | undefined,
  ): Promise<boolean> {
    let again;
    try {
      again = await this.returns(sample, conditions, anchor);
    } catch (error) {
      if (error instanceof AllowanceSpent) return false;
      throw error;
    }
    if (!again.ok) return false;
    this.session.observe(
      `search-semantics.snapshot-changed.${this.dataset}`,
      `record ${sample.id}: missed by a condition built from its values, unchanged when fetched again, and returned ` +
        `when the condition was asked once more`,
      "s1-snapshot-data-lag",
    );
    return true;
  }

  /**
   * The second look of a retrievability miss: the record fetched again as it was sampled. Gone (not_found) or holding
   * other values, it was refreshed since the conditions were built from it, which the specification allows
   * (s1-snapshot-data-lag, §4.2 rule 5): an observation, never a failure. Unchanged, the miss stands. A look the
   * step's allowance cannot cover leaves the miss standing, as it did before there was a second look.
   */
  private async refreshedSince(sample: Sample): Promise<boolean> {
    let now;
    try {
      now = await this.session.detail(this.dataset, [sample.id], this.sampleSource);
    } catch (error) {
      if (error instanceof AllowanceSpent) return false;
      throw error;
    }
    if (now.refused) return false;
    const record =
      now.records.find((r) => Object.values(r).includes(sample.id)) ??
      (now.records.length === 1 ? now.records[0] : undefined);
    const changed =
      record === undefined ||
      [...this.spec.fields.keys()].some(
        (name) => canonicalJson(record[name] ?? null) !== canonicalJson(sample.record[name] ?? null),
      );
    if (changed)
      this.session.observe(
        `search-semantics.snapshot-changed.${this.dataset}`,
        `record ${sample.id}: ${record === undefined ? "no longer found" : "other values"} when fetched again ` +
          `after a condition built from its values missed it`,
        "s1-snapshot-data-lag",
      );
    return changed;
  }

  /**
   * Queries no record may satisfy, sent as one `any` (which must match nobody either). A batch the deployment
   * refuses is halved until the refused query is found (refusals are free); what a batch returns is fetched and
   * judged against it: a record outside every query of the batch fails their relations.
   */
  private async mustBeEmpty(probes: readonly EmptyProbe[]): Promise<void> {
    const where = batchOf(probes);
    const r = await this.session.search(this.dataset, where, PAGE);
    if (r.refused && probes.length > 1) {
      const half = Math.ceil(probes.length / 2);
      await this.mustBeEmpty(probes.slice(0, half));
      await this.mustBeEmpty(probes.slice(half));
      return;
    }
    if (r.failed) {
      this.session.fail({
        check: "relation",
        message: `${probes[0]!.relation}: ${show(where)} got ${r.failed}, neither the empty set nor a refusal`,
        clauses: probes[0]!.clauses,
        exchange: r.exchange,
        expected: "no IDs",
      });
      return;
    }
    if (r.refused) {
      this.session.observe(`search-semantics.refused.${this.dataset}`, show(where).slice(0, 200));
      return;
    }
    if (!r.ids.length) return;
    const first = await this.outside(batchOf(probes), r.ids);
    if (!first) {
      this.session.observe(
        `search-semantics.matched-where-empty-expected.${this.dataset}`,
        probes
          .map((p) => p.relation)
          .join("; ")
          .slice(0, 200),
      );
      return;
    }
    const confirmed = await this.outsideAgain(where, first, r.exchange);
    if (!confirmed) return;
    const { found } = confirmed;
    const relations = probes.map((p) => `${p.relation} (${p.clauses.join(", ")})`);
    const what =
      probes.length === 1
        ? relations[0]!
        : `${probes.length} queries sent as one any, each matching nobody by its ` +
          `relation: ${relations.slice(0, 8).join("; ")}${probes.length > 8 ? `; and ${probes.length - 8} more` : ""}`;
    // A batch holds queries resting on the same clauses (run): a record returned outside all of them breaks those,
    // unless the `any` they were sent in returned what none of them matches. A record that the same conditions
    // without their scope would let through is explained by the scope: its conditions met on different sub-records.
    const scope = probes.some((p) => found.judge.mayMatch(this.withoutScopes(p.where))) ? [SCOPE] : [];
    const clauses = [
      ...new Set([...scope, ...probes[0]!.clauses, ...(probes.length > 1 ? ["s4-2-any-one-condition"] : [])]),
    ];
    this.reportOutside(confirmed, where, "relation", what, clauses);
  }

  /**
   * Fetches returned records with `_source` naming the query's fields and fails the first outside the query under
   * every reading; `clauses` are those the failure rests on, or what they are given the record's values. True when a
   * returned record was found outside the query (and reported).
   */
  private async judge(
    where: QueryNode,
    ids: readonly string[],
    searchExchange: number,
    check: string,
    what: string,
    clauses: readonly string[] | ((judge: Judge) => readonly string[]),
  ): Promise<boolean> {
    const first = await this.outside(where, ids);
    if (!first) return false;
    const confirmed = await this.outsideAgain(where, first, searchExchange);
    if (!confirmed) return true;
    const { found } = confirmed;
    this.reportOutside(confirmed, where, check, what, typeof clauses === "function" ? clauses(found.judge) : clauses);
    return true;
  }

  /**
   * The second look of a record returned outside its query (docs/verdicts.md, "What a check assumes about the data
   * staying still"): a refresh between the search and the detail call that fetched the record leaves a record the
   * search rightly returned holding values outside the query (s1-snapshot-data-lag). The search is asked again and
   * what it returns fetched again, both priced within the step's allowance: a record outside the query again is the
   * deployment's (reported with the second search, the first one related); none outside, the first answers straddled
   * a refresh, which is observed (undefined). A look the allowance cannot cover, or a second search that is not a
   * success, leaves the first finding standing.
   */
  private async outsideAgain(where: QueryNode, first: Outside, firstExchange: number): Promise<Confirmed | undefined> {
    const standing = { found: first, exchange: firstExchange, earlier: [] };
    let again: SearchResult;
    let found: Outside | undefined;
    try {
      again = await this.session.search(this.dataset, where, PAGE);
      if (again.refused || again.failed !== undefined) return standing;
      found = again.ids.length ? await this.outside(where, again.ids) : undefined;
    } catch (error) {
      if (error instanceof AllowanceSpent) return standing;
      throw error;
    }
    // The first search and the record as first fetched go with the report: the fault showed twice.
    if (found) return { found, exchange: again.exchange, earlier: [firstExchange, first.detail] };
    this.session.observe(
      `search-semantics.snapshot-changed.${this.dataset}`,
      `record ${first.id}: returned by ${show(where).slice(0, 200)} with values outside it, then not returned ` +
        `outside it when the search was asked again and its records fetched again`,
      "s1-snapshot-data-lag",
    );
    return undefined;
  }

  /**
   * The first of the returned records (fetched with `_source` naming the query's fields) outside the query under every
   * reading.
   */
  private async outside(where: QueryNode, ids: readonly string[]): Promise<Outside | undefined> {
    const names = [...fieldsOf(where)];
    // Jobs `_source` returns exactly the fields it names (§4.4), so only record fields of §2.6 are named, with `id`.
    const source =
      this.dataset === "jobs" ? ["id", ...names.filter((n) => loadContract().records.jobs.includes(n))] : names;
    const d = await this.session.detail(this.dataset, ids.slice(0, PAGE), source.length ? source : undefined);
    if (d.refused) return undefined;
    for (const record of d.records) {
      const judge = new Judge(this.spec, record, this.today);
      if (judge.mayMatch(where)) continue;
      const id = ids.find((x) => Object.values(record).includes(x)) ?? "?";
      const values = Object.fromEntries(names.filter((n) => Object.hasOwn(record, n)).map((n) => [n, record[n]]));
      return { id, judge, values, detail: d.exchange };
    }
    return undefined;
  }

  /** Reports a record a search returned outside its query `where`. */
  private reportOutside(
    { found, exchange, earlier }: Confirmed,
    where: QueryNode,
    check: string,
    what: string,
    clauses: readonly string[],
  ): void {
    const failing = found.judge.failingLeaves(where).map(show).slice(0, 3);
    this.session.fail({
      check,
      message:
        `${what}: the search returned record ${found.id}, whose fetched values are outside the query under every ` +
        `reading${failing.length ? `; it fails ${failing.join(", ")}` : ""}` +
        `${earlier.length ? " (the search asked again and its records fetched again: outside again)" : ""}; ` +
        `query ${show(where)}`,
      clauses,
      exchange,
      // The record as fetched: what puts it outside the query.
      related: [found.detail, ...earlier],
      expected: "no record outside the query",
      actual: found.values,
    });
  }

  /** Soundness: a broader query mixing all, any and not; every record it returns must satisfy it. */
  private async soundness(mine: readonly Condition[], other: readonly Condition[], index: number): Promise<void> {
    const plain = mine.filter((c) => typeof c.node.field === "string");
    const negatable = other.filter((c) => "eq" in c.node && !plain.some((p) => show(p.node) === show(c.node)));
    if (plain.length < 3) return;
    const pick = (list: readonly Condition[], i: number) => list[(i * 7) % list.length]!;
    // The `any` takes a shape of its own per sample and per day (shapes.ts), so runs span every arity and position.
    const nonce = this.nonce;
    const { arity, position } = shapeAt(index + dayNumber(this.today));
    const where = all(
      pick(plain, 1).node,
      nonce
        ? compositeAt("any", arity, position, pick(plain, 2).node, (i) => nonceVariant(nonce, i))
        : { any: [pick(plain, 2).node] },
      ...(negatable.length ? [{ not: pick(negatable, 3).node }] : []),
    );
    const r = await this.session.search(this.dataset, where, PAGE);
    if (r.failed)
      this.session.fail({
        check: "soundness",
        message: `soundness: ${show(where)}, made of conditions the sampled records meet, got ${r.failed}`,
        clauses: ["s4-2-all-every-condition", "s4-2-any-one-condition", "s4-2-not-negates"],
        exchange: r.exchange,
      });
    if (r.refused || !r.ids.length) return;
    await this.judge(
      where,
      r.ids,
      r.exchange,
      "soundness",
      "soundness: records a query returns satisfy it (s4-2-all-every-condition, s4-2-any-one-condition, " +
        "s4-2-not-negates)",
      ["s4-2-all-every-condition", "s4-2-any-one-condition", "s4-2-not-negates"],
    );
  }

  /**
   * Ternary logic partitioning (SQLancer's TLP): for a query Q and a condition p on field f, Q is the disjoint union
   * of Q ∧ exists f ∧ p, Q ∧ exists f ∧ not p and Q ∧ not exists f, whatever `not` does with a missing value
   * (exists f leaves none). People compare exact totals; jobs and companies compare single-page ID sets.
   */
  private async partitions(sample: Sample, conditions: readonly Condition[]): Promise<void> {
    const plain = conditions.filter(
      (c) => typeof c.node.field === "string" && !("exists" in c.node) && !("not" in c.node),
    );
    const narrow =
      this.dataset === "people"
        ? ["country", "city", "management_level"]
        : this.dataset === "jobs"
          ? ["company_name", "city", "country"]
          : ["hq_city", "hq_state", "hq_country"];
    const q = narrow
      .map((n) => plain.find((c) => c.node.field === n && ("eq" in c.node || "in" in c.node)))
      .find(Boolean);
    if (!q) return;
    const ps = plain.filter((c) => c.node.field !== q.node.field && !("in" in c.node));
    const chosen: Condition[] = [];
    for (const p of [
      ps.find((c) => this.spec.fields.get(String(c.node.field))?.type === "list"),
      ps.find((c) => "gte" in c.node || "lte" in c.node),
      ps[0],
    ])
      if (p && !chosen.some((c) => show(c.node) === show(p.node)) && chosen.length < this.options.partitions)
        chosen.push(p);
    if (!chosen.length) return;
    // On production-sized data Q alone can match far more than a page (or a people total at the 100000+ cap): it is
    // narrowed by the record's own values on fields no partition splits by, until its set can be compared whole.
    const split = new Set(chosen.map((c) => c.node.field));
    const anchor = this.anchor(sample);
    const narrowing = [...(anchor ? [anchor] : []), ...plain.map((c) => c.node)]
      .filter((n) => n.field !== q.node.field && !split.has(n.field))
      .filter((n, i, list) => list.findIndex((m) => show(m) === show(n)) === i)
      .slice(0, NARROWING_LEAVES);
    const people = this.dataset === "people";
    const narrowed = await narrowSet<SearchResult>({
      candidates: [[q.node, ...narrowing]],
      // A page of 25 costs what a page of 1 does (§8), and one without next proves Q's count whatever its total says.
      size: SET_PAGE,
      search: (where, size) => this.session.search(this.dataset, where, size),
      // People compare exact totals (§4.3: exact below 100000); jobs and companies one page holding the whole set.
      ...(people ? { smallEnough: (r: SearchResult) => typeof r.total === "number" || !r.hasNext } : {}),
    });
    if (!narrowed.where || !narrowed.probe) {
      this.session.observe(
        `search-semantics.inconclusive.${this.dataset}`,
        `partition of ${show(q.node)}: ${narrowed.reason ?? "no set small enough"}`,
      );
      return;
    }
    const { where, probe } = narrowed;
    await settleAll(chosen.map((p, i) => () => this.partition(where, probe, this.shaped(p, i), String(p.node.field))));
  }

  /**
   * p in a composite of its own shape (shapes.ts): an `any` whose other children are `not exists f`, or an `all`
   * whose others are `exists f`, which on records holding f (the two parts p splits) mean what p means.
   */
  private shaped(p: Condition, index: number): Condition {
    const f = String(p.node.field);
    const { arity, position } = shapeAt(index * 5 + dayNumber(this.today));
    const kind = (index + dayNumber(this.today)) % 2 ? "all" : "any";
    const node = compositeAt(kind, arity, position, p.node, () =>
      kind === "any" ? { not: { field: f, exists: true } } : { field: f, exists: true },
    );
    return { ...p, node, label: `${p.label} (as ${kind} of ${arity}, child ${position + 1})` };
  }

  /**
   * Q's parts by p, compared with Q's own answer (`whole`, a set small enough to compare whole), and, when they
   * disagree, a second look: Q and its parts asked once more. The relation broken twice is a fault; kept the second
   * time, the first answers straddled a refresh of the data, which the specification allows (s1-snapshot-data-lag,
   * §4.2 rule 5): an observation, never a failure.
   */
  private async partition(q: QueryNode, whole: SearchResult, p: Condition, f: string): Promise<void> {
    const first: PartitionFault[] = [];
    const before = await this.partitionLook(
      q,
      whole,
      p,
      f,
      (failure, totalOf) => first.push({ failure, totalOf }),
      false,
    );
    if (!first.length) return;
    let second: PartitionFault[] = first;
    let after = before;
    try {
      const again = await this.session.search(this.dataset, q, SET_PAGE);
      if (!again.refused && again.failed === undefined) {
        second = [];
        after = await this.partitionLook(q, again, p, f, (failure, totalOf) => second.push({ failure, totalOf }), true);
      }
    } catch (error) {
      if (!(error instanceof AllowanceSpent)) throw error;
    }
    if (!second.length) {
      this.session.observe(
        `search-semantics.snapshot-changed.${this.dataset}`,
        `partition of ${show(q)} by ${p.label}: the parts disagreed with it, then agreed when asked again`,
        "s1-snapshot-data-lag",
      );
      return;
    }
    // Broken twice, but Q or a part answered otherwise the second time: the data changed between the looks, perhaps
    // within each (a deployment refreshing often), so neither look is one snapshot's; on data that stays still every
    // answer repeats and the relation broken twice fails.
    if (before !== undefined && after !== undefined && before !== after) {
      this.session.observe(
        `search-semantics.snapshot-changed.${this.dataset}`,
        `partition of ${show(q)} by ${p.label}: the parts disagreed with it twice, Q and its parts answering ` +
          `otherwise the second time`,
        "s1-snapshot-data-lag",
      );
      return;
    }
    for (const { failure, totalOf } of second) {
      // One search's total is one fault, however many partitions read it.
      if (totalOf !== undefined) {
        if (this.totalFaults.has(totalOf)) continue;
        this.totalFaults.add(totalOf);
      }
      this.session.fail(failure);
    }
  }

  /**
   * One look at Q's parts by p against Q's answer `whole`; `fresh` asks again what an earlier look asked again. Returns
   * what Q and its parts answered (their IDs, or how many where IDs are issued afresh, and totals), to tell a second
   * look that answered otherwise; undefined where a part was refused or failed.
   */
  private async partitionLook(
    q: QueryNode,
    whole: SearchResult,
    p: Condition,
    f: string,
    fail: (failure: OracleFailure, totalOf?: string) => void,
    fresh: boolean,
  ): Promise<string | undefined> {
    const has = { field: f, exists: true };
    const parts = [
      { name: "Q ∧ exists f ∧ p", where: all(q, has, p.node) },
      { name: "Q ∧ exists f ∧ not p", where: all(q, has, { not: p.node }) },
      { name: "Q ∧ not exists f", where: all(q, { field: f, exists: false }) },
    ];
    const people = this.dataset === "people";
    const answers = await settleAll(
      parts.map((part) => () => this.session.search(this.dataset, part.where, people ? 1 : SET_PAGE)),
    );
    const label = `partition of ${show(q)} by ${p.label}`;
    const failed = answers.findIndex((r) => r.failed !== undefined);
    if (failed >= 0)
      fail({
        check: "partition",
        message: `${label}: ${parts[failed]!.name} got ${answers[failed]!.failed}, neither its IDs nor a refusal`,
        clauses: PARTITION,
        exchange: answers[failed]!.exchange,
      });
    if (answers.some((r) => r.refused || r.failed !== undefined)) return undefined;
    const results = parts.map((part, i) => ({ ...part, r: answers[i]! }));
    const answered = canonicalJson(
      [whole, ...answers].map((r) => ({
        ids: this.reissued ? r.ids.length : [...r.ids].sort(),
        total: r.total ?? null,
      })),
    );
    if (people) {
      await this.partitionTotals(label, q, whole, results, fail, fresh);
      return answered;
    }
    if (results.some((x) => x.r.hasNext)) {
      this.session.observe(
        `search-semantics.inconclusive.${this.dataset}`,
        `${label}: a part has more than ${SET_PAGE} IDs`,
      );
      return answered;
    }
    if (this.reissued) this.partitionCounts(label, whole, results, fail);
    else this.partitionSets(label, whole, results, fail);
    return answered;
  }

  /** A partition of jobs or companies compared by ID: Q's IDs are its three parts' IDs, each in one part. */
  private partitionSets(
    label: string,
    whole: SearchResult,
    results: readonly { readonly name: string; readonly r: SearchResult }[],
    fail: (failure: OracleFailure) => void,
  ): void {
    const union = new Map<string, string>();
    for (const x of results)
      for (const id of x.r.ids) {
        if (union.has(id)) {
          fail({
            check: "partition",
            message:
              `${label}: record ${id} is in both ${union.get(id)} and ${x.name}, which no record can satisfy ` +
              `together (${PARTITION.join(", ")})`,
            clauses: PARTITION,
            exchange: x.r.exchange,
            related: results.filter((y) => y !== x && y.r.ids.includes(id)).map((y) => y.r.exchange),
          });
          return;
        }
        union.set(id, x.name);
      }
    const missing = whole.ids.filter((id) => !union.has(id));
    const extra = [...union.keys()].filter((id) => !whole.ids.includes(id));
    if (missing.length || extra.length) {
      // An ID in a part but not in Q shows in that part; one in Q but in no part, in Q beside the parts.
      const holder = results.find((x) => x.r.ids.some((id) => extra.includes(id)));
      const shows = holder?.r.exchange ?? whole.exchange;
      fail({
        check: "partition",
        message:
          `${label}: Q returned ${whole.ids.length} IDs, its three parts ${union.size}; ${missing.length} in Q ` +
          `are in no part, ${extra.length} in a part are not in Q (${PARTITION.join(", ")})`,
        clauses: PARTITION,
        exchange: shows,
        related: [whole.exchange, ...results.map((x) => x.r.exchange)].filter((e) => e !== shows),
        expected: whole.ids,
        actual: [...union.keys()],
      });
    }
  }

  /**
   * A partition of jobs or companies where IDs are issued afresh: the strings of Q and of its parts name the same
   * records differently, so the sets are compared by size. Q, held whole in one page, counts as many records as its
   * three parts together (a record in two parts, or in none, shows unless both happen at once).
   */
  private partitionCounts(
    label: string,
    whole: SearchResult,
    results: readonly { readonly name: string; readonly r: SearchResult }[],
    fail: (failure: OracleFailure) => void,
  ): void {
    const parts = results.reduce((n, x) => n + x.r.ids.length, 0);
    if (parts === whole.ids.length) return;
    fail({
      check: "partition",
      message:
        `${label}: Q returned ${whole.ids.length} IDs, its three parts ${parts} in all (compared by count: the ` +
        `deployment issues IDs afresh on every call, ${REISSUED_CLAUSE}; ${PARTITION.join(", ")})`,
      clauses: PARTITION,
      exchange: whole.exchange,
      related: results.map((x) => x.r.exchange),
      expected: whole.ids.length,
      actual: results.map((x) => x.r.ids.length),
    });
  }

  /**
   * People partitions compare totals against the counts the suite proves (totals.ts): Q's page of 25 and the parts'
   * exact totals. When they disagree, each search whose count rests on its total alone is asked again with the other
   * page size (1 or 25): a total that differs from the matches a page without next holds, or that changes with the page
   * size, counts something else than the matches (s4-3-total-counts-matches), whatever the queries mean. Counts all
   * proven by whole pages that still disagree are the parts' semantics (PARTITION); anything between rests on both.
   */
  private async partitionTotals(
    label: string,
    q: QueryNode,
    whole: SearchResult,
    results: readonly { readonly name: string; readonly where: QueryNode; readonly r: SearchResult }[],
    fail: (failure: OracleFailure, totalOf?: string) => void,
    fresh: boolean,
  ): Promise<void> {
    const counted = (name: string, r: SearchResult) => ({ name, total: r.total, ids: r.ids, hasNext: r.hasNext });
    const found = totalsDisagree(
      counted("Q", whole),
      results.map((x) => counted(x.name, x.r)),
    );
    const searches = [{ name: "Q", where: q, r: whole }, ...results];
    if (!found) {
      if (!searches.every((x) => provenCount(counted(x.name, x.r)) !== undefined))
        this.session.observe("search-semantics.inconclusive.people", `${label}: a total is not exact`);
      return;
    }
    const totals = `a total counts the matches, not the IDs returned (${TOTAL})`;
    const own = searches.find((x) => x.name === found.ownPage);
    if (own) {
      fail({
        check: "partition",
        message: `${label}: ${found.why}; ${totals}`,
        clauses: [TOTAL],
        exchange: own.r.exchange,
        expected: own.r.ids.length,
        actual: own.r.total,
      });
      return;
    }
    const suspects = searches.filter((x) => found.onTotals.includes(x.name));
    // Q was asked with a page of SET_PAGE, its people parts with a page of 1: each is asked with the other size.
    const sizeOf = (x: (typeof searches)[number]) => (x === searches[0] ? SET_PAGE : 1);
    const otherSize = (x: (typeof searches)[number]) => (x === searches[0] ? 1 : SET_PAGE);
    const again = await settleAll(suspects.map((x) => () => this.askAgain(x.where, otherSize(x), fresh)));
    const unproven = new Set(found.onTotals);
    for (const [i, x] of suspects.entries()) {
      const a = again[i];
      if (!a || a.refused) continue;
      if (!a.hasNext) unproven.delete(x.name);
      const fault = totalAcrossSizes(
        { ...counted(x.name, x.r), size: sizeOf(x) },
        { ...counted(x.name, a), size: otherSize(x) },
      );
      if (!fault) continue;
      fail(
        {
          check: "partition",
          message: `${label}: ${found.why}. ${fault.why}; ${totals}`,
          clauses: [TOTAL],
          // The answer the disagreement rests on shows the fault (a page held whole proves the other one right).
          exchange: x.r.exchange,
          related: [a.exchange],
          expected: fault.expected,
          actual: fault.actual,
        },
        show(x.where),
      );
      return;
    }
    // No total is shown wrong: with every count proven by a page held whole, the parts' queries are; else either.
    const clauses = unproven.size ? [...PARTITION, TOTAL] : PARTITION;
    const shows = suspects.find((x) => unproven.has(x.name))?.r.exchange ?? results[0]!.r.exchange;
    fail({
      check: "partition",
      message:
        `${label}: ${found.why}; the parts of a query split by a condition and its negation count it` +
        `${unproven.size ? ", and a total counts the matches" : ""} (${clauses.join(", ")})`,
      clauses,
      exchange: shows,
      related: [
        ...searches.map((x) => x.r.exchange).filter((e) => e !== shows),
        ...again.flatMap((a) => (a ? [a.exchange] : [])).filter((e) => e !== shows),
      ],
      expected: whole.total,
      actual: results.map((x) => x.r.total),
    });
  }

  /**
   * A search asked again with another page size, once however many partitions ask it, as far as the allowance covers
   * it (undefined where it did not).
   */
  private askAgain(where: QueryNode, size: number, fresh = false): Promise<SearchResult | undefined> {
    const key = `${size} ${show(where)}`;
    let asked = fresh ? undefined : this.askedAgain.get(key);
    if (!asked) {
      asked = this.session.search(this.dataset, where, size).catch((error: unknown) => {
        if (error instanceof AllowanceSpent) return undefined;
        throw error;
      });
      this.askedAgain.set(key, asked);
    }
    return asked;
  }
}
