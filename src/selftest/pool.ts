import { Worker } from "node:worker_threads";
import { runJob, type JobOutcome } from "./job.js";
import type { Job } from "./plan.js";
import { workerScript } from "./worker-script.js";

let script: string | undefined | null = null;
const WORKER_SCRIPT = () => (script === null ? (script = workerScript()) : script);

/** Worker threads need a compiled worker script (worker-script.ts): the build's, when it is up to date. */
export function workersAvailable(): boolean {
  return WORKER_SCRIPT() !== undefined;
}

/**
 * Jobs on the large dataset all go to the first thread that takes one: it builds the 100000-people store once
 * and its servers share it (job.ts), and the other threads, which never build it, take the small jobs.
 */
const isHeavy = (job: Job) => job.profile === "large" && job.dataset === undefined;

/**
 * Runs every job and resolves with the outcomes in job order. With `workers` > 0 (and the build present)
 * jobs run on that many worker threads, each server and its runner in one thread, a thread taking the next
 * job when it finishes one; otherwise they run one after another in this thread.
 */
export async function runJobs(
  jobs: readonly Job[],
  workers: number,
  onDone?: (outcome: JobOutcome) => void,
): Promise<JobOutcome[]> {
  const outcomes = new Map<string, JobOutcome>();
  const finish = (o: JobOutcome) => {
    outcomes.set(o.key, o);
    onDone?.(o);
  };
  if (workers <= 0 || !workersAvailable()) {
    for (const job of jobs) finish(await runJob(job));
    return jobs.map((j) => outcomes.get(j.key)!);
  }

  const pending = [...jobs];
  let heavyThread: number | undefined;
  const nextJob = (thread: number): Job | undefined => {
    const at = pending.findIndex((j) => !isHeavy(j) || heavyThread === undefined || heavyThread === thread);
    if (at < 0) return undefined;
    if (isHeavy(pending[at]!)) heavyThread = thread;
    return pending.splice(at, 1)[0];
  };
  const threads: Promise<void>[] = [];

  const thread = (index: number) =>
    new Promise<void>((resolve) => {
      const worker = new Worker(WORKER_SCRIPT()!);
      let current: Job | undefined;
      let failure = "it exited";
      // A thread with nothing it may take stops: heavy jobs left belong to the heavy thread.
      const take = () => {
        current = nextJob(index);
        if (current) worker.postMessage(current);
        else void worker.terminate();
      };
      worker.on("message", (o: JobOutcome) => {
        current = undefined;
        finish(o);
        take();
      });
      worker.on("error", (error) => {
        failure = error.message;
      });
      worker.on("exit", () => {
        // A thread that stopped mid-job: the job is reported as an error; the jobs left go to the other threads.
        if (current)
          finish({
            key: current.key,
            ...(current.mutant ? { mutant: current.mutant } : {}),
            profile: current.profile,
            durationMs: 0,
            verdicts: [],
            error: `worker thread failed: ${failure}`,
          });
        current = undefined;
        if (heavyThread === index) heavyThread = undefined;
        resolve();
      });
      take();
    });
  for (let i = 0; i < Math.min(workers, jobs.length); i++) threads.push(thread(i));
  await Promise.all(threads);
  // Jobs no thread could take (every thread failed) are run here.
  for (const job of pending) finish(await runJob(job));
  return jobs.map((j) => outcomes.get(j.key)!);
}
