import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { buildPools } from "../pools.js";
import { Random } from "../random.js";
import { assembleStore, companiesPart, jobsPart, PeopleBuilder, type PeoplePart, type Store } from "../store/store.js";
import { generateCompanies } from "./companies.js";
import type { GenerateOptions } from "./dataset.js";
import { generateJobs } from "./jobs.js";
import { generatePeople, PEOPLE_CHUNK } from "./people.js";
import type { PeopleWorkerData } from "./people-worker.js";

/** Below this many people a worker thread costs more to start than it saves. */
const PARALLEL_FROM = 20_000;

/**
 * The generated store, built by this thread and one worker thread side by side: the worker, started first,
 * draws its own pools and companies (the same, from the same seed) and builds the larger share of the people
 * (chunk-aligned, so the rows are the same people as in a one-thread build), while this thread builds the
 * rest, the jobs, and whatever `meanwhile` does. Ready time of the default dataset is a target (docs/benchmarks.md).
 * Falls back to one thread where the compiled worker is not available (tests run from the sources).
 */
export async function generateStore(options: GenerateOptions, meanwhile: () => void = () => {}): Promise<Store> {
  const workerFile = new URL("./people-worker.js", import.meta.url);
  // This thread also builds the jobs, loads the contract and merges, so the worker takes most of the people.
  const split = Math.round((options.people * 0.3) / PEOPLE_CHUNK) * PEOPLE_CHUNK;
  const parallel = options.people >= PARALLEL_FROM && existsSync(fileURLToPath(workerFile));

  let remote: Promise<PeoplePart> | undefined;
  if (parallel) {
    const data: PeopleWorkerData = { ...options, from: split, to: options.people };
    const worker = new Worker(workerFile, { workerData: data, resourceLimits: { maxYoungGenerationSizeMb: 64 } });
    remote = new Promise<PeoplePart>((resolve, reject) => {
      worker.once("message", (part: PeoplePart) => resolve(part));
      worker.once("error", reject);
      worker.once("exit", (code) => (code !== 0 ? reject(new Error(`people worker exited with ${code}`)) : undefined));
    });
    // The rejection is handled where the part is awaited; this keeps it from being reported as unhandled meanwhile.
    remote.catch(() => {});
  }
  const pools = buildPools(options.seed, options.companies);
  const root = new Random(options.seed);
  const companies = generateCompanies(root.fork(1), pools, options.companies, options.asOf);
  const local = new PeopleBuilder();
  for (const person of generatePeople(
    options.seed,
    pools,
    companies,
    0,
    parallel ? split : options.people,
    options.asOf,
  ))
    local.add(person);
  const jobs = jobsPart(generateJobs(root.fork(3), pools, companies, options.jobs, options.asOf, options.seed));
  const parts = [local.part()];
  meanwhile();
  if (remote) parts.push(await remote);
  return assembleStore(parts, jobs, companiesPart(companies));
}
