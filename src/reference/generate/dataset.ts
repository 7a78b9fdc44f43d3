import type { StoreInput } from "../store/store.js";
import { buildPools } from "../pools.js";
import { Random } from "../random.js";
import { generateCompanies } from "./companies.js";
import { generateJobs } from "./jobs.js";
import { generatePeople } from "./people.js";

export interface GenerateOptions {
  readonly seed: number;
  readonly people: number;
  readonly jobs: number;
  readonly companies: number;
  /** Day number the dataset is as of: relative dates (now-30d) find recent postings and jobs (days.ts). */
  readonly asOf: number;
}

/**
 * The whole dataset, deterministic for a seed, sizes and as-of day; each dataset draws from its own stream.
 * People and jobs are generated lazily, as the store reads them.
 */
export function generateDataset(options: GenerateOptions): StoreInput {
  const pools = buildPools(options.seed, options.companies);
  const root = new Random(options.seed);
  const companies = generateCompanies(root.fork(1), pools, options.companies, options.asOf);
  const people = generatePeople(options.seed, pools, companies, 0, options.people, options.asOf);
  const jobs = generateJobs(root.fork(3), pools, companies, options.jobs, options.asOf, options.seed);
  return { people, jobs, companies };
}
