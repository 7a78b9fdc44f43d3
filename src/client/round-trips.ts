import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Counts the round trips of a chain of requests that wait for each other: every request the clients send adds one to
 * the chain it was sent from. Work sent side by side runs on branches, each a chain of its own; once they have
 * settled, the chain they left continues with the longest. The length of a run's longest chain times the network's
 * latency is the least time the run can take (docs/benchmarks.md, "Latency").
 */
export class RoundTripChain {
  private length = 0;

  get roundTrips(): number {
    return this.length;
  }

  add(count = 1): void {
    this.length += count;
  }
}

const chainStore = new AsyncLocalStorage<RoundTripChain>();

/** Runs `fn` on a new chain and returns the chain with what `fn` gave. */
export async function onChain<T>(fn: () => Promise<T>): Promise<{ value: T; chain: RoundTripChain }> {
  const chain = new RoundTripChain();
  return { value: await chainStore.run(chain, fn), chain };
}

/** Runs `fn` on no chain: work shared by several chains counts its requests on each as it sees fit. */
export function offChain<T>(fn: () => T): T {
  return chainStore.exit(fn);
}

/** Runs `fn` on a branch: a chain of its own, which `join` adds back to the caller's chain. */
export function onBranch<T>(fn: () => Promise<T>): { readonly promise: Promise<T>; readonly chain: RoundTripChain } {
  const chain = new RoundTripChain();
  return { promise: chainStore.run(chain, fn), chain };
}

/** Settled branches: the caller's chain continues with the longest of them. */
export function join(branches: readonly RoundTripChain[]): void {
  chainStore.getStore()?.add(Math.max(0, ...branches.map((b) => b.roundTrips)));
}

/** `count` requests went out and came back (or failed) one after the other on the caller's chain. */
export function countRoundTrip(count = 1): void {
  chainStore.getStore()?.add(count);
}
