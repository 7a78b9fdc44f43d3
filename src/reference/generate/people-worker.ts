import { parentPort, workerData } from "node:worker_threads";
import type { CompanyInput } from "../inputs.js";
import type { Pools } from "../pools.js";
import { PeopleBuilder } from "../store/store.js";
import { generatePeople } from "./people.js";

/** Builds one chunk-aligned range of people in a worker thread and sends the columns back (parallel.ts). */
export interface PeopleWorkerData {
  readonly seed: number;
  readonly from: number;
  readonly to: number;
  readonly asOf: number;
  readonly pools: Pools;
  readonly companies: readonly CompanyInput[];
}

const job = workerData as PeopleWorkerData;
const builder = new PeopleBuilder();
for (const person of generatePeople(job.seed, job.pools, job.companies, job.from, job.to, job.asOf)) builder.add(person);
const part = builder.part();
const buffers = Object.values(part).flatMap((table) => [
  ...Object.values(table.columns).flatMap((c) => [c.data?.buffer, c.offsets?.buffer, c.prose?.bytes.buffer, c.prose?.offsets.buffer, c.prose?.nulls.buffer]),
  table.owner?.buffer,
]);
parentPort!.postMessage(part, buffers.filter((b): b is ArrayBuffer => b instanceof ArrayBuffer));
