import type { DatasetSizes } from "../reference/index.js";
import type { Mutant } from "../reference/mutants/index.js";
import { routesCalled } from "../runner/case-routes.js";
import type { CaseDef } from "../runner/types.js";

/**
 * Datasets the servers of a selftest start with. Most faults show on a small one, with more than 100 records
 * of each dataset so that a page of the default size 100 is full on every search; a fault of `total` needs
 * 100000 matching people (s4-3-total-exact-or-string), so its mutant gets exactly that many people, the
 * least that reaches the cap (with small jobs and companies, which it does not need).
 */
export const DATASET_PROFILES = {
  small: { people: 300, jobs: 150, companies: 120 },
  large: { people: 100_000, jobs: 150, companies: 120 },
} as const;
export type ProfileName = keyof typeof DATASET_PROFILES;

/** One server to start and the cases to run against it. `mutant` absent: the correct reference server. */
export interface Job {
  readonly key: string;
  readonly mutant?: string;
  /** A variant (legal alternative) to serve instead of a mutant (src/selftest/variants.ts). */
  readonly variant?: string;
  readonly profile: ProfileName;
  /** Sizes that replace the profile's (a variant whose choice is the data itself, Variant.dataset). */
  readonly dataset?: DatasetSizes;
  readonly caseIds: readonly string[];
  /** The day every server's dataset is as of (one value per selftest, so that datasets agree). */
  readonly asOf: string;
  /**
   * Most of its run waits on its server's conditions (a rate limit, latency) and uses little CPU: the pool gives such
   * jobs threads of their own beside the working ones (src/selftest/pool.ts).
   */
  readonly waits?: boolean;
  /**
   * Stop at the first case that fails (a mutant's job under `bail`): the cases still to run could only add kills to
   * a mutant already killed, as a mutation tester bails on a mutant's first failing test.
   */
  readonly bail?: boolean;
}

function profileOf(mutant: Mutant): ProfileName {
  return mutant.needsDefaultDataset ? "large" : "small";
}

/**
 * The cases that can kill a mutant: those of its area and those citing its clause, and of these, when the
 * mutant names the routes it breaks, only those calling one of them. A case that runs last reads what every
 * other case fetched (the §1 privacy scan), so a selection holding one takes the whole suite. Leaving a case
 * out can only hide a kill, never invent one; `allCases` runs every case.
 */
export function casesFor(mutant: Mutant, cases: readonly CaseDef[], allCases = false): CaseDef[] {
  if (allCases) return [...cases];
  const touches = (c: CaseDef) => {
    if (!mutant.routes) return true;
    const called = routesCalled(c);
    return called === undefined || mutant.routes.some((r) => called.has(r));
  };
  // A mutant naming its cases runs those of its area (and the other areas' cases citing its clause).
  const inScope = (c: CaseDef) =>
    mutant.cases && c.area === mutant.area
      ? mutant.cases.includes(c.id)
      : c.area === mutant.area || c.clauses.includes(mutant.clause);
  const chosen = cases.filter((c) => inScope(c) && touches(c));
  return chosen.some((c) => c.runs === "last") ? [...cases] : chosen;
}

/** Mutants (or variants) whose id or area matches a glob (`*` any run of characters; several comma-separated). */
export function selectMutants<T extends { readonly id: string; readonly area: string }>(
  mutants: readonly T[],
  only?: string,
): T[] {
  const patterns = (only ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replaceAll("*", ".*")}$`));
  return mutants.filter((m) => !patterns.length || patterns.some((re) => re.test(m.id) || re.test(m.area)));
}

export const correctKey = (profile: ProfileName): string => `correct:${profile}`;

/**
 * The jobs of a selftest: the correct server on the small dataset with every case, on each other dataset a
 * mutant needs with every case run there, and each mutant with its cases. Longest first (large datasets,
 * then most cases), so that a pool of workers finishes together.
 */
export function planJobs(
  mutants: readonly Mutant[],
  cases: readonly CaseDef[],
  options: { allCases?: boolean; bail?: boolean; asOf: string },
): Job[] {
  const mutantJobs: Job[] = mutants.map((m) => ({
    key: m.id,
    mutant: m.id,
    profile: profileOf(m),
    caseIds: casesFor(m, cases, options.allCases).map((c) => c.id),
    asOf: options.asOf,
    ...(options.bail ? { bail: true } : {}),
  }));
  const byProfile = new Map<ProfileName, Set<string>>([["small", new Set(cases.map((c) => c.id))]]);
  for (const job of mutantJobs) {
    const ids = byProfile.get(job.profile) ?? new Set<string>();
    job.caseIds.forEach((id) => ids.add(id));
    byProfile.set(job.profile, ids);
  }
  const order = cases.map((c) => c.id);
  const correctJobs: Job[] = [...byProfile].map(([profile, ids]) => ({
    key: correctKey(profile),
    profile,
    caseIds: order.filter((id) => ids.has(id)),
    asOf: options.asOf,
  }));
  return [...correctJobs, ...mutantJobs].sort((a, b) => jobWeight(b) - jobWeight(a));
}

/** The records a job's server generates: its own sizes where it has them, else its profile's. */
export function jobSizes(job: Pick<Job, "profile" | "dataset">): DatasetSizes {
  return job.dataset ?? DATASET_PROFILES[job.profile];
}

/** How long a job is likely to take, to start the longest first: its data, then its cases. */
export function jobWeight(job: Job): number {
  const { people, jobs, companies } = jobSizes(job);
  return (people + jobs + companies) * 10 + job.caseIds.length;
}
