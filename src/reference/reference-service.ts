import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  bodyOperations,
  canonicalJson,
  idsMemberOf,
  type BodyOperationId,
  loadContract,
  type Dataset,
  type OperationId,
} from "../contract/index.js";
import { packageRoot } from "../contract/root.js";
import { CursorCodec } from "./cursor.js";
import { dayString, toDay, todayDay } from "./days.js";
import { NO_FAULTS, type Faults } from "./faults.js";
import { generateDataset } from "./generate/dataset.js";
import { generatePrebuilt, storeKey, type PrebuildOptions } from "./prebuilt.js";
import { type PrebuiltStore } from "./options.js";
import { IdCodec, ISSUED_ID_FORM, type IdKind } from "./ids.js";
import { DEMO_KEYS, KeyRing, type KeyAccount, type KeySpec } from "./keys.js";
import { findMutant, MUTANTS, type Mutant } from "./mutants/index.js";
import { findVariant, VARIANTS, type Variant } from "./variants/index.js";
import { DEFAULT_SEED, DEFAULT_SIZES, MAX_RECORDS, type ReferenceServiceOptions } from "./options.js";
import { QueryTranslator } from "./query/translate.js";
import { validateBody } from "./body-validation.js";
import { companyFields } from "./records/companies.js";
import { JobRecords } from "./records/jobs.js";
import { PROFILE_DEFAULT_FIELDS, profileFields } from "./records/people.js";
import { selectFields, type SelectionRules } from "./records/selection.js";
import type { Outcome, PipelineService, RequestContext } from "./pipeline/context.js";
import { faultHooks } from "./pipeline/hooks.js";
import { type StageHook } from "./pipeline/context.js";
import { createPipeline } from "./pipeline/pipeline.js";
import { badRequest, type ValidationStep } from "./refusal.js";
import type { Service, ServiceResponse } from "./service.js";
import { Snapshot, type DataRecords, type SnapshotInput } from "./snapshot.js";
import { buildStore, canonicalLinkedinUrl, type Store } from "./store/store.js";

type Body = Record<string, unknown>;

/** A request body as the validation stage read it, for the handler stage. */
type ValidRequest =
  | {
      readonly kind: "search";
      readonly dataset: Dataset;
      readonly where: unknown;
      readonly size: number;
      readonly offset: number;
      readonly queryKey: string;
    }
  | { readonly kind: "natural-language"; readonly text: string; readonly size: number }
  | {
      readonly kind: "detail";
      readonly dataset: Dataset;
      readonly ids: readonly string[];
      readonly fields: string[];
      readonly explicit: boolean;
    }
  | { readonly kind: "none" };

const ROOT_TABLE = { people: "person", jobs: "jobs", companies: "companies" } as const;
const ID_KIND: Readonly<Record<Dataset, IdKind>> = { people: "profile", jobs: "job", companies: "company" };

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(`${packageRoot()}/package.json`, "utf8")) as { version: string }).version;
  } catch {
    return "0.0.0";
  }
}

/** Options checked and defaulted: the mutant and its faults, seed, sizes, as-of day and clock. */
function settle(options: ReferenceServiceOptions) {
  let mutant: Mutant | undefined;
  if (options.mutant !== undefined) {
    mutant = findMutant(options.mutant);
    if (!mutant)
      throw new RangeError(
        `unknown mutant ${JSON.stringify(options.mutant)}; ${MUTANTS.length} are known (tdss serve --list-mutants)`,
      );
  }
  let variant: Variant | undefined;
  if (options.variant !== undefined) {
    variant = findVariant(options.variant);
    if (!variant)
      throw new RangeError(
        `unknown variant ${JSON.stringify(options.variant)}; ${VARIANTS.length} are known (tdss serve --list-variants)`,
      );
    if (mutant) throw new RangeError("a server serves a mutant or a variant, not both");
  }
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be an integer, got ${options.seed}`);
  const now = options.now ?? (() => new Date());
  const sizes = {
    people: count(options.people, "people", DEFAULT_SIZES.people),
    jobs: count(options.jobs, "jobs", DEFAULT_SIZES.jobs),
    companies: count(options.companies, "companies", DEFAULT_SIZES.companies),
  };
  if (!options.data && sizes.companies === 0 && sizes.people + sizes.jobs > 0)
    throw new RangeError("companies must be at least 1 when there are people or jobs (they work at companies)");
  const asOf = options.asOf !== undefined ? toDay(options.asOf)! : todayDay(now());
  // A variant's server conditions apply unless the options set their own (docs/variants.md).
  const rateLimit = options.rateLimit ?? variant?.server?.rateLimit;
  const faults = mutant?.faults ?? variant?.faults ?? NO_FAULTS;
  return { mutant, variant, faults, seed, now, sizes, asOf, rateLimit };
}

function count(value: number | undefined, name: string, fallback: number): number {
  const n = value ?? fallback;
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_RECORDS)
    throw new RangeError(`${name} must be an integer from 0 to ${MAX_RECORDS}, got ${value}`);
  return n;
}

/**
 * The behaviour of the reference server behind both transports (REST and MCP): keys, rate limit, refusals,
 * query evaluation, records and the Credit ledger, run as the stages of src/reference/pipeline/
 * (docs/reference.md). Every request is validated and evaluated before it is charged, so a refusal never costs
 * anything (s7-translated-before-charge).
 */
export class ReferenceService implements Service, PipelineService {
  readonly store: Store;
  readonly keyRing: KeyRing;
  readonly keys: { readonly active: string; readonly exhausted: string; readonly inactive: string };
  readonly mutant: Mutant | undefined;
  readonly variant: Variant | undefined;
  readonly seed: number;
  readonly sizes: { readonly people: number; readonly jobs: number; readonly companies: number };
  /** The day the dataset is as of, YYYY-MM-DD. */
  readonly asOf: string;
  /** The stage hooks of the mutant or variant served (none for the correct server). */
  readonly hooks: readonly StageHook[];
  /** The server's clock. */
  readonly now: () => Date;
  private readonly faults: Faults;
  private readonly skip: ReadonlySet<ValidationStep>;
  private readonly calls: (ctx: RequestContext) => void | Promise<void>;
  private readonly admission: (ctx: RequestContext) => void | Promise<void>;
  private readonly ids: IdCodec;
  private readonly cursors: CursorCodec;
  /** The data served: one snapshot, or those a refresh switches between (Faults.refresh). */
  private readonly snapshots: readonly Snapshot[];
  /** Priced requests served so far, which say the snapshot the next is served from. */
  private served = 0;
  private readonly version: string;

  /**
   * The service over a dataset built in this thread. `startReferenceServer` uses `ReferenceService.create`,
   * which builds the generated dataset on two threads.
   */
  constructor(options: ReferenceServiceOptions = {}, prebuilt?: Store) {
    const settings = settle(options);
    this.mutant = settings.mutant;
    this.variant = settings.variant;
    this.faults = settings.faults;
    this.skip = new Set(this.faults.skip ?? []);
    this.hooks = faultHooks(this.faults);
    const pipeline = createPipeline(this.hooks);
    this.calls = pipeline.call;
    this.admission = pipeline.admit;
    this.now = settings.now;
    this.seed = settings.seed;
    const asOf = settings.asOf;
    this.asOf = dayString(asOf);
    const secret = createHash("sha256").update(`tdss-reference:${this.seed}`).digest();

    let refreshed: readonly SnapshotInput[] = [];
    let records: DataRecords | undefined;
    if (prebuilt) this.store = prebuilt;
    else {
      let input = options.data ?? generateDataset({ seed: this.seed, ...settings.sizes, asOf });
      if (this.faults.dataset) input = this.faults.dataset(input);
      if (this.faults.refresh) {
        records = { people: [...input.people], jobs: [...input.jobs], companies: [...input.companies] };
        refreshed = this.faults.refresh.snapshots(records);
        input = records;
      }
      this.store = buildStore(input);
    }
    const t = this.store.tables;
    this.sizes = { people: t.person.rows, jobs: t.jobs.rows, companies: t.companies.rows };
    this.ids = new IdCodec(
      secret,
      `${options.data ? "custom" : "generated"}:${this.sizes.people}:${this.sizes.jobs}:${this.sizes.companies}`,
      this.faults.idEncryption,
    );
    this.cursors = new CursorCodec(secret);
    const evaluation = this.faults.evaluation;
    this.snapshots =
      refreshed.length > 0
        ? refreshed.map((s) => {
            const store = s.data === records ? this.store : buildStore(s.data);
            return new Snapshot(store, this.ids, asOf, evaluation, s.absent);
          })
        : [new Snapshot(this.store, this.ids, asOf, evaluation)];
    for (const s of this.snapshots) {
      const rows = s.store.tables;
      if (
        rows.person.rows !== t.person.rows ||
        rows.jobs.rows !== t.jobs.rows ||
        rows.companies.rows !== t.companies.rows
      )
        throw new RangeError("a refreshed snapshot keeps the rows of the data it refreshes (the IDs stay the same)");
    }
    this.version = `tdss-reference/${packageVersion()}`;

    const specs: readonly KeySpec[] = options.keys ?? Object.values(DEMO_KEYS);
    this.keyRing = new KeyRing(specs, settings.rateLimit, this.now().getTime());
    const firstKey = (test: (s: KeySpec) => boolean) => specs.find(test)?.key ?? "";
    this.keys = {
      active: firstKey((s) => s.active !== false && s.credits !== 0),
      exhausted: firstKey((s) => s.active !== false && s.credits === 0),
      inactive: firstKey((s) => s.active === false),
    };
  }

  /**
   * The service, with a generated dataset built on two threads (generate/parallel.ts) where that applies, or
   * the prebuilt store of `options.store` (which must have been generated with the same seed, sizes and
   * as-of day). A mutant that alters the dataset always builds its own.
   */
  static async create(options: ReferenceServiceOptions = {}): Promise<ReferenceService> {
    const settings = settle(options);
    if (options.data || settings.faults.dataset || settings.faults.refresh) return new ReferenceService(options);
    if (options.store) {
      const wanted = storeKey(settings);
      if (options.store.key !== wanted) {
        throw new RangeError(`the prebuilt store holds ${options.store.key}; this server asks for ${wanted}`);
      }
      return new ReferenceService(options, options.store.store);
    }
    return new ReferenceService(options, (await generatePrebuilt(settings)).store);
  }

  /** Runs one request through the stages from the key on (src/reference/pipeline/pipeline.ts). */
  async call(operationId: OperationId, body: unknown, authorization: string | undefined): Promise<ServiceResponse> {
    const ctx: RequestContext = { service: this, method: "", path: "", operationId, body, authorization };
    await this.calls(ctx);
    return ctx.response!;
  }

  /**
   * Counts one MCP HTTP request of a known key against its rate limit (the rate-limit stage, with a fault's hooks):
   * undefined when it may proceed, else the refusal (429). Throws the key's Refusal (401) for an unknown key.
   */
  admit(authorization: string | undefined): ServiceResponse | undefined {
    const account = this.keyRing.identify(authorization);
    const ctx: RequestContext = { service: this, method: "", path: "", authorization, account };
    void this.admission(ctx);
    return ctx.response;
  }

  /**
   * Steps that build every index otherwise built on first use (dictionaries of prose columns, inverted
   * indexes, word indexes), so that first queries are as fast as the rest. The server runs them one per
   * turn of the event loop after it starts listening.
   */
  warmUpSteps(): (() => void)[] {
    const steps: (() => void)[] = [];
    for (const table of this.snapshots.flatMap((s) => Object.values(s.store.tables))) {
      for (const column of table.columns.values()) {
        if (column.kind === "text" || column.kind === "list") {
          steps.push(() => column.postings());
          steps.push(() => column.dict.withWords(["warm"]));
        }
      }
    }
    return steps;
  }

  /** How a REST answer is written, where a variant writes it otherwise (Faults.writeAnswer). */
  get answerWriter(): Faults["writeAnswer"] {
    return this.faults.writeAnswer;
  }

  /** Options the MCP layer is created with (faults of a mutant, passed through). */
  get mcpFaults(): Readonly<Record<string, unknown>> | undefined {
    return this.faults.mcp;
  }

  /**
   * The validation stage: the body checked by the linter's rules (body-validation.ts), then read into what
   * `serve` needs. Only the reading is written here; what gets through a fault is read leniently.
   */
  validate(operationId: OperationId, body: unknown): ValidRequest {
    const route = bodyOperations().get(operationId as BodyOperationId);
    if (route === undefined) return { kind: "none" };
    validateBody(body, route.operationId, {
      dataset: route.dataset,
      now: this.now(),
      skip: this.skip,
      ownFields: route.kind === "detail" ? this.selectionRules(route.dataset).known : [],
      ...(this.faults.validation ? { off: this.faults.validation } : {}),
    });
    const read: Body = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Body) : {};
    switch (route.kind) {
      case "search":
        return this.searchRequest(route.dataset, read);
      case "natural-language":
        return {
          kind: "natural-language",
          text: typeof read.text === "string" ? read.text : "",
          size: this.size(read.size),
        };
      case "detail":
        return this.detailRequest(route.dataset, route.idsMember, read);
    }
  }

  /** The handler stage: a validated request run for the account that sent it. */
  serve(operationId: OperationId, request: ValidRequest, account: KeyAccount): Outcome {
    switch (request.kind) {
      case "search":
        return this.search(request, this.snapshot());
      case "natural-language":
        return this.naturalLanguage(request, this.snapshot());
      case "detail":
        return this.detail(request, this.snapshot());
      case "none":
        return operationId === "getKeyStatus"
          ? { data: undefined, count: 0, charged: () => this.keyStatus(account) }
          : { data: { version: this.version, contract_fingerprint: loadContract().fingerprint }, count: 0 };
    }
  }

  /** The snapshot a priced request is served from: the only one, or the one a refresh has come to. */
  private snapshot(): Snapshot {
    const every = this.faults.refresh?.every ?? 1;
    return this.snapshots[Math.floor(this.served++ / every) % this.snapshots.length]!;
  }

  private keyStatus(account: KeyAccount) {
    return {
      active: account.active,
      scopes: [...account.scopes],
      rate_limit: { requests: account.rateLimit.requests, per_seconds: account.rateLimit.perSeconds },
      remaining_credits: account.remaining,
      used_credits: account.used,
    };
  }

  private enforced(step: ValidationStep): boolean {
    return !this.skip.has(step);
  }

  /** A page size as validation let it through: the default when absent, else a whole number at least 0. */
  private size(value: unknown): number {
    if (value === undefined) return this.faults.defaultSize ?? loadContract().limits.search.size.default;
    return typeof value === "number" && Number.isFinite(value)
      ? Math.max(0, Math.floor(value))
      : loadContract().limits.search.size.default;
  }

  private searchRequest(dataset: Dataset, body: Body): ValidRequest {
    const size = this.size(body.size);
    const queryKey = canonicalJson(body.where ?? null);
    let offset = 0;
    if (typeof body.after === "string") {
      const read = this.cursors.read(dataset, queryKey, body.after);
      if (read === undefined && this.enforced("cursor")) {
        throw badRequest(
          "after: not a cursor this server issued for this " +
            "query (tampered, foreign or from another query); " +
            "refused at no cost",
        );
      }
      offset = read === undefined ? 0 : (this.faults.cursorOffset?.(dataset, read, size) ?? read);
    }
    return { kind: "search", dataset, where: body.where, size, offset, queryKey };
  }

  /** The moment a query's relative dates count back from (Faults.relativeDatesNow: another clock or time zone). */
  private queryNow(): Date {
    const now = this.now();
    return this.faults.relativeDatesNow ? this.faults.relativeDatesNow(now) : now;
  }

  private search(request: ValidRequest & { kind: "search" }, snapshot: Snapshot): Outcome {
    const { dataset, size, offset, queryKey } = request;
    const translator = new QueryTranslator({ dataset, now: this.queryNow() });
    let plan = request.where === undefined ? null : translator.translate(request.where);
    if (plan && this.faults.plan) plan = this.faults.plan(dataset, plan);
    const matches = snapshot.matches(dataset, snapshot.evaluator.evaluate(plan, ROOT_TABLE[dataset]));
    const total = matches.count();
    const rows = matches.rows(offset, size);
    const data: Record<string, unknown> = { [idsMemberOf(dataset)]: this.ids.encode(ID_KIND[dataset], rows) };
    if (dataset === "people") {
      const { exactBelow, capped } = loadContract().limits.search.total;
      data.total = total < exactBelow ? total : capped;
    }
    const more = this.faults.nextWhen
      ? this.faults.nextWhen(dataset, { offset, returned: rows.length, size, total })
      : offset + rows.length < total && rows.length > 0;
    if (more) data.next = this.cursors.issue(dataset, queryKey, offset + rows.length);
    return { data, count: rows.length };
  }

  private naturalLanguage({ text, size }: ValidRequest & { kind: "natural-language" }, snapshot: Snapshot): Outcome {
    const interpretation = snapshot.nl.interpret(text);
    const translator = new QueryTranslator({ dataset: "people", now: this.queryNow() });
    const plan = interpretation.where ? translator.translate(interpretation.where, "interpretation") : null;
    const matches = plan ? snapshot.matches("people", snapshot.evaluator.evaluate(plan, "person")) : undefined;
    const rows = matches ? matches.rows(0, size) : [];
    const total = matches ? matches.count() : 0;
    const { exactBelow, capped } = loadContract().limits.search.total;
    return {
      data: {
        [idsMemberOf("people")]: this.ids.encode("profile", rows),
        total: total < exactBelow ? total : capped,
        interpretation: { where: interpretation.where, ignored_words: interpretation.ignored },
      },
      count: rows.length,
    };
  }

  /** What a `_source` selects on a dataset's detail route, and which names its record has. */
  private selectionRules(dataset: Dataset): SelectionRules {
    switch (dataset) {
      case "people":
        return {
          known: [...profileFields(), ...Object.keys(this.faults.ownProfileFields ?? {})],
          defaults: PROFILE_DEFAULT_FIELDS,
          forms: "array-object-boolean",
        };
      case "jobs":
        return { known: loadContract().records.jobs, defaults: JobRecords.defaultFields(), forms: "array" };
      case "companies":
        return { known: companyFields(), defaults: companyFields(), forms: "array-object-boolean" };
    }
  }

  private detailRequest(dataset: Dataset, member: string, body: Body): ValidRequest {
    const list = body[member];
    const ids = Array.isArray(list) ? list.filter((id): id is string => typeof id === "string") : [];
    const selection = body._source ?? body.source;
    const fields = selectFields(selection, this.selectionRules(dataset));
    return { kind: "detail", dataset, ids, fields, explicit: selection !== undefined };
  }

  private detail(request: ValidRequest & { kind: "detail" }, snapshot: Snapshot): Outcome {
    const { dataset } = request;
    const kind = ID_KIND[dataset];
    let fields = request.fields;
    if (this.faults.selection) fields = this.faults.selection(kind, fields, request.explicit);
    const requested = [...new Set(request.ids)];
    const results: Record<string, unknown>[] = [];
    const notFound: string[] = [];
    for (const input of requested) {
      let row = this.ids.decode(kind, input);
      if (row !== undefined && !snapshot.holds(dataset, row)) row = undefined;
      if (row === undefined && this.faults.idsWithoutAuthentication) row = unauthenticatedRow(dataset, input, snapshot);
      if (row === undefined && dataset === "people") {
        const url = canonicalLinkedinUrl(input);
        row = url === undefined ? undefined : snapshot.store.linkedin.get(url);
        if (row !== undefined && url !== undefined && this.faults.linkedinUrlLastCollected)
          row = lastCarrying(url, row, snapshot);
        if (row !== undefined && !snapshot.holds(dataset, row)) row = undefined;
      }
      if (row !== undefined && dataset === "jobs" && snapshot.jobs.isClosed(row) && !this.faults.servesClosedPostings)
        row = undefined;
      if (this.faults.resolve) row = this.faults.resolve(kind, input, row);
      if (row === undefined) {
        notFound.push(input);
        continue;
      }
      const id = this.ids.encode(kind, [row])[0]!;
      let record =
        dataset === "people"
          ? snapshot.profiles.record(row, id, fields)
          : dataset === "jobs"
            ? snapshot.jobs.record(row, id, fields)
            : snapshot.companies.record(row, id, fields);
      if (dataset === "people" && this.faults.ownProfileFields)
        for (const f of fields) {
          const read = this.faults.ownProfileFields[f];
          if (read) record[f] = read(row);
        }
      if (this.faults.record) record = this.faults.record(kind, record);
      results.push(record);
    }
    return {
      data: { total: requested.length, found: results.length, not_found: notFound, results },
      count: results.length,
    };
  }
}

/**
 * The row an ID of the IDs' form stands for when IDs carry no authentication (Faults.idsWithoutAuthentication): one
 * drawn from the ID's text over the dataset's rows, served where the snapshot holds it.
 */
function unauthenticatedRow(dataset: Dataset, id: string, snapshot: Snapshot): number | undefined {
  if (!ISSUED_ID_FORM.test(id)) return undefined;
  const rows = snapshot.store.tables[ROOT_TABLE[dataset]].rows;
  if (rows === 0) return undefined;
  const row = createHash("sha256").update(dataset).update(id).digest().readUInt32BE(0) % rows;
  return snapshot.holds(dataset, row) ? row : undefined;
}

/**
 * The last row from `row` on whose profile carries the LinkedIn URL `url` (Faults.linkedinUrlLastCollected): profiles
 * collected twice sit next to each other.
 */
function lastCarrying(url: string, row: number, snapshot: Snapshot): number {
  let last = row;
  while (snapshot.holds("people", last + 1)) {
    const next = snapshot.profiles.record(last + 1, "", ["linkedin_url"]).linkedin_url;
    if (typeof next !== "string" || canonicalLinkedinUrl(next) !== url) break;
    last++;
  }
  return last;
}

/** A generated store built once, to hand to several servers (`startReferenceServer({ store })`). */
export function prebuildStore(options: PrebuildOptions = {}): Promise<PrebuiltStore> {
  return generatePrebuilt(settle(options));
}

/** The Service of the reference server without HTTP (for in-process use and the MCP layer). */
export function createReferenceService(options: ReferenceServiceOptions = {}): ReferenceService {
  return new ReferenceService(options);
}
