import { join, onBranch, type RoundTripChain } from "../client/round-trips.js";

/**
 * Calls `fn` on each item, at most `limit` at a time, starting them in order; once `stop()` is true no further item
 * starts (those in flight finish). Resolves when every started call has settled; the first rejection is rethrown
 * after that, so no call is left running behind the caller's back. The items do not wait for each other: each runs
 * on a branch of the caller's chain of round trips (src/client/round-trips.ts), whatever `limit` makes them share.
 */
export async function forEachConcurrent<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const branches: RoundTripChain[] = [];
  const worker = async () => {
    while (next < items.length && !failure && !stop()) {
      const index = next++;
      const branch = onBranch(() => fn(items[index]!, index));
      branches.push(branch.chain);
      try {
        await branch.promise;
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  join(branches);
  if (failure) throw failure.error;
}

/**
 * Starts every task side by side, awaits them all, then returns their values in order, or rethrows the first
 * rejection once all have settled: unlike Promise.all, no request is left running when the caller moves on.
 */
export async function settleAll<T>(tasks: readonly (() => Promise<T>)[]): Promise<T[]> {
  const branches = tasks.map((task) => onBranch(task));
  const settled = await Promise.allSettled(branches.map((b) => b.promise));
  join(branches.map((b) => b.chain));
  const rejected = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (rejected) throw rejected.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}
