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
 * Threads beside the working ones that take only jobs that mostly wait on their server (Job.waits: a rate limit,
 * latency): such a run uses a fraction of a core, so several fit beside the working threads, and the suite's wall
 * time stops adding up their waits (docs/benchmarks.md, "Selftest").
 */
export const WAITING_THREADS = 4;

/** A thread of the pool: a working one takes any job, a waiting one only jobs that wait (Job.waits). */
export interface PoolThread {
  readonly index: number;
  readonly waitingOnly: boolean;
}

/**
 * The job `thread` takes next, removed from `pending`, or undefined when none is left for it. A working thread
 * takes the first job that does not wait, and a waiting one only when no such job is left; heavy jobs go to the
 * thread holding the large store (`heavyThread`), or to the first working thread that takes one.
 */
export function takeJob(pending: Job[], thread: PoolThread, heavyThread: number | undefined): Job | undefined {
  const allowed = (j: Job) =>
    !isHeavy(j) || (!thread.waitingOnly && (heavyThread === undefined || heavyThread === thread.index));
  const first = (matches: (j: Job) => boolean) => pending.findIndex((j) => allowed(j) && matches(j));
  let at = first((j) => j.waits === true);
  if (!thread.waitingOnly) {
    const working = first((j) => j.waits !== true);
    if (working >= 0) at = working;
  }
  return at < 0 ? undefined : pending.splice(at, 1)[0];
}

/** The pool's threads: `workers` working ones, and waiting ones for as many jobs that wait as there are. */
export function poolThreads(jobs: readonly Job[], workers: number): PoolThread[] {
  const working = Math.min(workers, jobs.length);
  const waiting = Math.min(WAITING_THREADS, jobs.filter((j) => j.waits === true).length);
  return Array.from({ length: working + waiting }, (_, index) => ({ index, waitingOnly: index >= working }));
}

/**
 * Runs every job and resolves with the outcomes in job order. With `workers` > 0 (and the build present)
 * jobs run on that many worker threads, and jobs that wait on their server on up to WAITING_THREADS more, each
 * server and its runner in one thread, a thread taking the next job when it finishes one; otherwise they run one
 * after another in this thread.
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
  const nextJob = (thread: PoolThread): Job | undefined => {
    const job = takeJob(pending, thread, heavyThread);
    if (job && isHeavy(job)) heavyThread = thread.index;
    return job;
  };
  const threads: Promise<void>[] = [];

  const thread = (place: PoolThread) =>
    new Promise<void>((resolve) => {
      const worker = new Worker(WORKER_SCRIPT()!);
      let current: Job | undefined;
      let failure = "it exited";
      // A thread with nothing it may take stops: heavy jobs left belong to the heavy thread.
      const take = () => {
        current = nextJob(place);
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
        if (heavyThread === place.index) heavyThread = undefined;
        resolve();
      });
      take();
    });
  for (const place of poolThreads(jobs, workers)) threads.push(thread(place));
  await Promise.all(threads);
  // Jobs no thread could take (every thread failed) are run here.
  for (const job of pending) finish(await runJob(job));
  return jobs.map((j) => outcomes.get(j.key)!);
}
