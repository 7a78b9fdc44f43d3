import { parentPort } from "node:worker_threads";
import { runJob } from "./job.js";
import type { Job } from "./plan.js";

/** A worker thread of the selftest pool: runs the jobs it is sent, one at a time, and posts each outcome. */
if (!parentPort) throw new Error("src/selftest/worker.ts runs as a worker thread of the selftest pool");
const port = parentPort;
port.on("message", (job: Job) => {
  void runJob(job).then((outcome) => port.postMessage(outcome));
});
