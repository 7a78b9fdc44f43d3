import { beforeAll, describe, expect, it } from "vitest";
import type { Dataset } from "../../contract/index.js";
import { createReferenceService, type ReferenceService } from "../../reference/index.js";
import type { QueryNode } from "./judge.js";
import type { DetailResult, OracleRequests, SearchResult } from "./oracle-requests.js";
import { RecordingOracleSession, testOracles } from "../testing/recording-oracle-session.js";

/**
 * The second look of the search-semantics oracles (docs/search-semantics.md, "Refreshed data"): the people records
 * sampled first are left out of every later search, as a deployment's refresh that removed them would. When detail
 * says they are gone too, the misses are the refresh's (observed); when detail still serves them unchanged, a search
 * missing a record that holds every value it was asked for is a fault.
 */
class RefreshedAfterSampling extends RecordingOracleSession implements OracleRequests {
  private exchanges = 0;
  private gone = new Set<string>();

  constructor(
    private readonly service: ReferenceService,
    /** Whether detail reports the left-out records as not found (a refresh) or still serves them (a fault). */
    private readonly detailSeesRefresh: boolean,
  ) {
    super();
  }

  async search(_dataset: Dataset, where: QueryNode, size: number): Promise<SearchResult> {
    const answer = await this.service.call("queryPeople", { where, size }, `Bearer ${this.service.keys.active}`);
    const data = answer.envelope.data as { profile_ids?: string[]; total?: unknown; next?: unknown } | null;
    if (answer.status !== 200 || !data)
      return { refused: true, ids: [], total: undefined, hasNext: false, exchange: this.exchanges++ };
    const ids = (data.profile_ids ?? []).filter((id) => !this.gone.has(id));
    const left = (data.profile_ids ?? []).length - ids.length;
    const total = typeof data.total === "number" ? data.total - left : data.total;
    return { refused: false, ids, total, hasNext: data.next !== undefined, exchange: this.exchanges++ };
  }

  async detail(_dataset: Dataset, ids: readonly string[], source?: readonly string[]): Promise<DetailResult> {
    const asked = this.detailSeesRefresh ? ids.filter((id) => !this.gone.has(id)) : ids;
    const body = { profile_ids: asked, ...(source ? { _source: source } : {}) };
    const answer = asked.length
      ? await this.service.call("getProfiles", body, `Bearer ${this.service.keys.active}`)
      : { status: 200, envelope: { data: { results: [] } } };
    const records = (answer.envelope.data as { results?: Record<string, unknown>[] } | null)?.results ?? [];
    // The first detail call fetches the candidates to sample: the refresh takes them away right after.
    if (this.gone.size === 0) this.gone = new Set(ids);
    return { refused: answer.status !== 200, records, exchange: this.exchanges++ };
  }
}

let service: ReferenceService;
beforeAll(() => {
  service = createReferenceService({ people: 300, jobs: 150, companies: 120 });
});

describe("the search-semantics oracles on data refreshed while they run", () => {
  it("observe a sampled record gone since it was sampled, and fail nothing", async () => {
    const session = new RefreshedAfterSampling(service, true);
    await testOracles(session).run();
    expect(session.failures).toEqual([]);
    const refreshed = session.observations.filter((o) => o.topic === "search-semantics.snapshot-changed.people");
    expect(refreshed.length).toBeGreaterThan(0);
    expect(refreshed[0]!.clause).toBe("s1-snapshot-data-lag");
    expect(String(refreshed[0]!.value)).toContain("no longer found");
  });

  it("still fail retrievability when the record is served unchanged but searches miss it", async () => {
    const session = new RefreshedAfterSampling(service, false);
    await testOracles(session).run();
    expect(session.failures.map((f) => f.check)).toContain("retrievability");
    expect(session.observations.filter((o) => o.topic.startsWith("search-semantics.snapshot-changed"))).toEqual([]);
  });
});
