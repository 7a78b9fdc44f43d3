import {
  findMutant,
  findVariant,
  prebuildStore,
  startReferenceServer,
  type PrebuiltStore,
} from "../reference/index.js";
import { DEFAULT_CONCURRENCY, runConformance } from "../runner/run.js";
import { loadSuites } from "../runner/suites.js";
import type { CaseDef, CaseStatus } from "../runner/types.js";
import { jobSizes, type Job } from "./plan.js";

/** What one case did against one server, kept small enough to pass between threads. */
export interface CaseVerdict {
  readonly id: string;
  readonly status: CaseStatus;
  /** The checks that failed (e.g. `envelope`, `credits`), in order of first failure. */
  readonly failedChecks: readonly string[];
  /** The first failure, for reading: `<step> · <check>: <message>`. */
  readonly message?: string;
  /** Warnings (outcomes resting on readings), each `<step> · <check> (<clause>): <message>`. */
  readonly warnings?: readonly string[];
}

export interface JobOutcome {
  readonly key: string;
  readonly mutant?: string;
  readonly profile: Job["profile"];
  readonly durationMs: number;
  readonly verdicts: readonly CaseVerdict[];
  /** Why the server could not be started or the run could not be made (no verdicts then). */
  readonly error?: string;
}

/** Credits a selftest run may spend per server: far above any suite's worst case, far below a demo key's balance. */
const MAX_CREDITS = 100_000;

let suites: ReadonlyMap<string, CaseDef> | undefined;
function suiteCases(): ReadonlyMap<string, CaseDef> {
  suites ??= new Map(loadSuites().map((c) => [c.id, c]));
  return suites;
}

/**
 * The generated store of each dataset, built once per thread and shared by every server this thread starts
 * on it (the correct one and the mutants): a server then costs its routes, not its dataset. A mutant that
 * alters the dataset builds its own.
 */
const stores = new Map<string, Promise<PrebuiltStore>>();
function sharedStore(job: Job): Promise<PrebuiltStore> {
  const sizes = jobSizes(job);
  const key = `${sizes.people}/${sizes.jobs}/${sizes.companies}@${job.asOf}`;
  let store = stores.get(key);
  if (!store) {
    store = prebuildStore({ ...sizes, asOf: job.asOf });
    store.catch(() => stores.delete(key));
    stores.set(key, store);
  }
  return store;
}

/**
 * Starts the job's server (a mutant or the correct reference) on an ephemeral loopback port, runs its cases, stops it.
 */
export async function runJob(job: Job): Promise<JobOutcome> {
  const started = performance.now();
  const base = { key: job.key, ...(job.mutant ? { mutant: job.mutant } : {}), profile: job.profile };
  const cases = job.caseIds.map((id) => {
    const c = suiteCases().get(id);
    if (!c) throw new Error(`selftest job ${job.key}: no case ${id} in the suites`);
    return c;
  });
  let server;
  try {
    const own =
      (job.mutant !== undefined && findMutant(job.mutant)?.faults.dataset !== undefined) ||
      (job.variant !== undefined && findVariant(job.variant)?.faults.dataset !== undefined);
    const store = own ? undefined : await sharedStore(job);
    const profile = jobSizes(job);
    const extra = {
      ...(store ? { store } : {}),
      ...(job.mutant ? { mutant: job.mutant } : {}),
      ...(job.variant ? { variant: job.variant } : {}),
    };
    server = await startReferenceServer({ port: 0, ...profile, asOf: job.asOf, ...extra });
    // Under bail the first failed case stops the run: no case starts after it, and the steps in flight finish.
    const bail = job.bail ? new AbortController() : undefined;
    const outcome = await runConformance({
      baseUrl: server.url,
      apiKey: server.keys.active,
      secondKey: server.keys.exhausted,
      ...(server.keys.inactive ? { inactiveKey: server.keys.inactive } : {}),
      cases,
      maxCredits: MAX_CREDITS,
      concurrency: DEFAULT_CONCURRENCY,
      timeoutMs: 15_000,
      ...(bail
        ? {
            signal: bail.signal,
            interruptedBy: () => "bail: a case failed",
            onCaseDone: (r) => (r.status === "failed" ? bail.abort() : undefined),
          }
        : {}),
    });
    // The cases a bail left unstarted or cut short did not run: they are neither kills nor counted as run.
    const ran = bail ? outcome.results.filter((r) => r.notRun !== "interrupted") : outcome.results;
    const verdicts = ran.map((r): CaseVerdict => {
      const first = r.failures[0];
      return {
        id: r.id,
        status: r.status,
        failedChecks: [...new Set(r.failures.map((f) => f.check))],
        ...(first
          ? { message: `${first.step} · ${first.check}: ${first.message}` }
          : r.reason
            ? { message: r.reason }
            : {}),
        ...(r.warnings?.length
          ? { warnings: r.warnings.map((w) => `${w.step} · ${w.check} (${w.clause?.id ?? "?"}): ${w.message}`) }
          : {}),
      };
    });
    return { ...base, durationMs: Math.round(performance.now() - started), verdicts };
  } catch (error) {
    return {
      ...base,
      durationMs: Math.round(performance.now() - started),
      verdicts: [],
      error: (error as Error).message.split("\n")[0] ?? String(error),
    };
  } finally {
    await server?.close();
  }
}
