import { describe, expect, it } from "vitest";
import type { Job } from "./plan.js";
import { poolThreads, takeJob, WAITING_THREADS } from "./pool.js";

const job = (key: string, extra: Partial<Job> = {}): Job => ({
  key,
  profile: "small",
  caseIds: ["a/one"],
  asOf: "2026-01-02",
  ...extra,
});
const working = { index: 0, waitingOnly: false };
const waitingThread = { index: 2, waitingOnly: true };

describe("the selftest pool's threads", () => {
  it("adds a waiting thread per job that waits, up to WAITING_THREADS, beside the working ones", () => {
    const jobs = [job("a"), job("b", { waits: true }), job("c", { waits: true })];
    expect(poolThreads(jobs, 2)).toEqual([
      { index: 0, waitingOnly: false },
      { index: 1, waitingOnly: false },
      { index: 2, waitingOnly: true },
      { index: 3, waitingOnly: true },
    ]);
    const many = Array.from({ length: WAITING_THREADS + 3 }, (_, i) => job(`w${i}`, { waits: true }));
    expect(poolThreads(many, 2).filter((t) => t.waitingOnly)).toHaveLength(WAITING_THREADS);
    expect(poolThreads([job("a")], 2)).toEqual([{ index: 0, waitingOnly: false }]);
  });

  it("gives a working thread the jobs that work first, and a waiting thread only jobs that wait", () => {
    const pending = [job("wait", { waits: true }), job("work")];
    expect(takeJob(pending, waitingThread, undefined)?.key).toBe("wait");
    expect(takeJob(pending, waitingThread, undefined)).toBeUndefined();
    expect(takeJob(pending, working, undefined)?.key).toBe("work");
    const left = [job("wait", { waits: true })];
    expect(takeJob(left, working, undefined)?.key).toBe("wait");
    expect(left).toEqual([]);
  });

  it("keeps jobs on the large dataset to one working thread", () => {
    const heavy = () => job("large", { profile: "large" });
    expect(takeJob([heavy()], waitingThread, undefined)).toBeUndefined();
    expect(takeJob([heavy()], working, 1)).toBeUndefined();
    expect(takeJob([heavy()], working, 0)?.key).toBe("large");
    expect(takeJob([heavy()], working, undefined)?.key).toBe("large");
  });
});
