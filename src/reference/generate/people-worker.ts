import { parentPort, workerData } from "node:worker_threads";
import { buildPools } from "../pools.js";
import { Random } from "../random.js";
import { PeopleBuilder } from "../store/store.js";
import { generateCompanies } from "./companies.js";
import type { GenerateOptions } from "./dataset.js";
import { generatePeople } from "./people.js";

/** Builds one chunk-aligned range of people in a worker thread and sends the columns back (parallel.ts). */
export interface PeopleWorkerData extends GenerateOptions {
  readonly from: number;
  readonly to: number;
}

const job = workerData as PeopleWorkerData;
// The same pools and companies as the main thread's, drawn here from the same seed rather than copied over.
const pools = buildPools(job.seed, job.companies);
const companies = generateCompanies(new Random(job.seed).fork(1), pools, job.companies, job.asOf);
const builder = new PeopleBuilder();
for (const person of generatePeople(job.seed, pools, companies, job.from, job.to, job.asOf)) builder.add(person);
const part = builder.part();
const buffers = Object.values(part).flatMap((table) => [
  ...Object.values(table.columns).flatMap((c) => [
    c.data?.buffer,
    c.offsets?.buffer,
    c.prose?.bytes.buffer,
    c.prose?.offsets.buffer,
    c.prose?.nulls.buffer,
  ]),
  table.owner?.buffer,
]);
parentPort!.postMessage(
  part,
  buffers.filter((b): b is ArrayBuffer => b instanceof ArrayBuffer),
);
