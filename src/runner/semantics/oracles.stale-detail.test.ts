import { beforeAll, describe, expect, it } from "vitest";
import { canonicalJson, type Dataset } from "../../contract/index.js";
import { createReferenceService, type ReferenceService } from "../../reference/index.js";
import type { QueryNode } from "./judge.js";
import type { DetailResult, OracleRequests, SearchResult } from "./oracle-requests.js";
import { RecordingOracleSession, testOracles } from "../testing/recording-oracle-session.js";

/**
 * The second look of a record returned outside its query (docs/verdicts.md, "What a check assumes about the data
 * staying still"): a detail call that fetches the records a search just returned answers, instead, records from
 * outside that search (those of its negation), as a refresh between the search and the detail call would leave them.
 * Once, the search asked again and its records fetched again agree with it: an observation. Every time, the records
 * stay outside the query: a failure.
 */
class StaleDetail extends RecordingOracleSession implements OracleRequests {
  private exchanges = 0;
  private last: { where: QueryNode; ids: readonly string[] } | undefined;
  private samplingSource: string | undefined;
  stale = 0;

  constructor(
    private readonly service: ReferenceService,
    /** How many detail calls after a search answer records from outside it. */
    private staleLeft: number,
  ) {
    super();
  }

  private async call(operation: Parameters<ReferenceService["call"]>[0], body: unknown) {
    return this.service.call(operation, body, `Bearer ${this.service.keys.active}`);
  }

  async search(_dataset: Dataset, where: QueryNode, size: number): Promise<SearchResult> {
    const answer = await this.call("queryPeople", { where, size });
    const data = answer.envelope.data as { profile_ids?: string[]; total?: unknown; next?: unknown } | null;
    if (answer.status !== 200 || !data)
      return { refused: true, ids: [], total: undefined, hasNext: false, exchange: this.exchanges++ };
    const ids = data.profile_ids ?? [];
    this.last = { where, ids };
    return { refused: false, ids, total: data.total, hasNext: data.next !== undefined, exchange: this.exchanges++ };
  }

  async detail(_dataset: Dataset, ids: readonly string[], source?: readonly string[]): Promise<DetailResult> {
    const shown = canonicalJson(source ?? null);
    this.samplingSource ??= shown;
    let asked = ids;
    const last = this.last;
    if (
      this.staleLeft > 0 &&
      shown !== this.samplingSource &&
      last &&
      canonicalJson(ids) === canonicalJson(last.ids.slice(0, ids.length))
    ) {
      const outside = await this.call("queryPeople", { where: { not: last.where }, size: ids.length });
      const others = (outside.envelope.data as { profile_ids?: string[] } | null)?.profile_ids ?? [];
      if (others.length) {
        asked = others;
        this.staleLeft--;
        this.stale++;
      }
    }
    const answer = await this.call("getProfiles", { profile_ids: asked, ...(source ? { _source: source } : {}) });
    const records = (answer.envelope.data as { results?: Record<string, unknown>[] } | null)?.results ?? [];
    return { refused: answer.status !== 200, records, exchange: this.exchanges++ };
  }
}

let service: ReferenceService;
beforeAll(() => {
  service = createReferenceService({ people: 300, jobs: 150, companies: 120 });
});

describe("the search-semantics oracles when a detail call answers from data the search did not", () => {
  it("observe records outside the query once, then agreeing when asked again, and fail nothing", async () => {
    const session = new StaleDetail(service, 1);
    await testOracles(session).run();
    expect(session.stale).toBe(1);
    expect(session.failures).toEqual([]);
    const changed = session.observations.filter((o) => o.topic === "search-semantics.snapshot-changed.people");
    expect(changed).toHaveLength(1);
    expect(changed[0]!.clause).toBe("s1-snapshot-data-lag");
    expect(String(changed[0]!.value)).toContain("asked again");
  });

  it("fail when the search asked again returns records outside the query again", async () => {
    const session = new StaleDetail(service, Infinity);
    await testOracles(session).run();
    expect(session.stale).toBeGreaterThan(1);
    const outside = session.failures.filter((f) => f.message.includes("outside again"));
    expect(outside.length).toBeGreaterThan(0);
    expect(outside[0]!.related).toHaveLength(3);
  });
});
