import { beforeAll, describe, expect, it } from "vitest";
import type { Dataset } from "../../contract/index.js";
import { createReferenceService, type ReferenceService } from "../../reference/index.js";
import type { QueryNode } from "./judge.js";
import type { DetailResult, OracleRequests, SearchResult } from "./oracle-requests.js";
import { RecordingOracleSession, testOracles } from "../testing/recording-oracle-session.js";

/**
 * The search-semantics oracles against a deployment that issues IDs afresh on every call (variant
 * ids-encrypted-per-call, s2-1-id-stability-not-shown; docs/verdicts.md, "What a check assumes about ID strings"): the
 * same record comes back under another ID string from every search, so whether a search returned it is asked of the
 * records its IDs resolve to.
 */
const SEARCH = { people: "queryPeople", jobs: "queryJobs", companies: "queryCompanies" } as const;
const DETAIL = { people: "getProfiles", jobs: "getJobs", companies: "getCompanies" } as const;
const IDS = { people: "profile_ids", jobs: "job_ids", companies: "company_ids" } as const;

class Session extends RecordingOracleSession implements OracleRequests {
  private exchanges = 0;

  constructor(
    private readonly service: ReferenceService,
    /** Every search narrowed to one person by LinkedIn URL answers another person's ID instead (a fault). */
    private readonly answersOthers = false,
  ) {
    super();
  }

  private async ask(operation: string, body: unknown): Promise<{ status: number; data: Record<string, unknown> }> {
    const answer = await this.service.call(operation as never, body, `Bearer ${this.service.keys.active}`);
    return { status: answer.status, data: (answer.envelope.data ?? {}) as Record<string, unknown> };
  }

  async search(dataset: Dataset, where: QueryNode, size: number): Promise<SearchResult> {
    const { status, data } = await this.ask(SEARCH[dataset], { where, size });
    if (status !== 200) return { refused: true, ids: [], total: undefined, hasNext: false, exchange: this.exchanges++ };
    let ids = (data[IDS[dataset]] as string[] | undefined) ?? [];
    if (this.answersOthers && ids.length && JSON.stringify(where).includes('"linkedin_url"')) {
      const everyone = await this.ask(SEARCH[dataset], { where: { field: "full_name", exists: true }, size: 1000 });
      ids = [((everyone.data[IDS[dataset]] as string[]) ?? []).at(-1)!];
    }
    return { refused: false, ids, total: data.total, hasNext: data.next !== undefined, exchange: this.exchanges++ };
  }

  async detail(dataset: Dataset, ids: readonly string[], source?: readonly string[]): Promise<DetailResult> {
    const { status, data } = await this.ask(DETAIL[dataset], {
      [IDS[dataset]]: ids,
      ...(source ? { _source: source } : {}),
    });
    return {
      refused: status !== 200,
      records: (data.results as Record<string, unknown>[]) ?? [],
      exchange: this.exchanges++,
    };
  }
}

let service: ReferenceService;
beforeAll(() => {
  service = createReferenceService({ variant: "ids-encrypted-per-call", people: 300, jobs: 150, companies: 120 });
});

describe("the search-semantics oracles where IDs are issued afresh on every call", () => {
  it.each(["people", "jobs", "companies"] as const)(
    "fail nothing on %s, and observe the IDs issued afresh",
    async (dataset) => {
      const session = new Session(service);
      await testOracles(session, dataset).run();
      expect(session.failures).toEqual([]);
      const seen = session.observations.find((o) => o.topic === `ids.issued-afresh.${SEARCH[dataset]}`);
      expect(seen?.clause).toBe("s2-1-id-stability-not-shown");
    },
  );

  it("still fail retrievability when a search answers another record in place of the sampled one", async () => {
    const session = new Session(service, true);
    await testOracles(session).run();
    // The sampling search asked twice still shows the IDs issued afresh, so the misses are judged by the records.
    expect(session.observations.map((o) => o.topic)).toContain("ids.issued-afresh.queryPeople");
    expect(session.failures.map((f) => f.check)).toContain("retrievability");
  });
});
