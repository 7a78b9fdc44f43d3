import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { runJob, type JobOutcome } from "./job.js";
import type { Job } from "./plan.js";

const WORKER_SCRIPT = fileURLToPath(new URL("./worker.js", import.meta.url));

/** Worker threads can run the pool only from the compiled build (a worker cannot load TypeScript source). */
export function workersAvailable(): boolean {
  return existsSync(WORKER_SCRIPT);
}

/**
 * A job on the large dataset builds a store of 100000 people with threads of its own; two at once on a small
 * machine thrash, so the pool runs one at a time while the other threads take small jobs.
 */
const isHeavy = (job: Job) => job.profile === "large";

/**
 * Runs every job and resolves with the outcomes in job order. With `workers` > 0 (and the build present)
 * jobs run on that many worker threads, each server and its runner in one thread, a thread taking the next
 * job when it finishes one; otherwise they run one after another in this thread.
 */
export async function runJobs(jobs: readonly Job[], workers: number, onDone?: (outcome: JobOutcome) => void): Promise<JobOutcome[]> {
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
  let heavyRunning = false;
  const nextJob = (): Job | undefined => {
    const at = pending.findIndex((j) => !(heavyRunning && isHeavy(j)));
    return at < 0 ? undefined : pending.splice(at, 1)[0];
  };
  const threads: Promise<void>[] = [];
  const idle: (() => void)[] = [];
  const wakeIdle = () => idle.splice(0).forEach((wake) => wake());

  const thread = () =>
    new Promise<void>((resolve) => {
      const worker = new Worker(WORKER_SCRIPT);
      let current: Job | undefined;
      let failure = "it exited";
      const take = () => {
        current = nextJob();
        if (current) {
          if (isHeavy(current)) heavyRunning = true;
          worker.postMessage(current);
        } else if (pending.length) idle.push(take); // only heavy jobs are left and one is running: wait for it
        else void worker.terminate();
      };
      const release = () => {
        if (current && isHeavy(current)) heavyRunning = false;
        current = undefined;
        wakeIdle();
      };
      worker.on("message", (o: JobOutcome) => {
        release();
        finish(o);
        take();
      });
      worker.on("error", (error) => {
        failure = error.message;
      });
      worker.on("exit", () => {
        // A thread that stopped mid-job: the job is reported as an error; the jobs left go to the other threads.
        if (current) finish({ key: current.key, ...(current.mutant ? { mutant: current.mutant } : {}), profile: current.profile, durationMs: 0, verdicts: [], error: `worker thread failed: ${failure}` });
        release();
        resolve();
      });
      take();
    });
  for (let i = 0; i < Math.min(workers, jobs.length); i++) threads.push(thread());
  await Promise.all(threads);
  // Jobs no thread could take (every thread failed) are run here.
  for (const job of pending) finish(await runJob(job));
  return jobs.map((j) => outcomes.get(j.key)!);
}
