/** Exit status of a run ended by SIGINT or SIGTERM (128 + SIGINT's number, as shells report Ctrl-C). */
export const INTERRUPTED_EXIT = 130;

export interface Interrupt {
  /** Aborted at the first signal. */
  readonly signal: AbortSignal;
  /** The name of the first signal received, once there was one. */
  by(): string | undefined;
  /** Removes the handlers (the run is over). */
  dispose(): void;
}

/**
 * Graceful interruption of a run: the first SIGINT or SIGTERM aborts `signal` (no case starts, steps in
 * flight finish within --timeout, the report is written, marked interrupted); a second one exits at once.
 * Report files are written synchronously through a temporary file and a rename (src/report/write.ts): a
 * signal handler cannot run in the middle of a write, so even then no partial report is left.
 */
export function onInterrupt(
  notify: (text: string) => void,
  exitNow: (code: number) => void = (code) => process.exit(code),
  signals: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM"],
): Interrupt {
  const controller = new AbortController();
  let first: string | undefined;
  const handler = (name: NodeJS.Signals) => {
    if (first) {
      notify(`tdss: ${name} again: stopping at once, without a report\n`);
      exitNow(INTERRUPTED_EXIT);
      return;
    }
    first = name;
    controller.abort();
    notify(
      `tdss: ${name}: no further case starts; the requests in flight finish (each within --timeout), ` +
        "then the report is written. A second signal stops at once.\n",
    );
  };
  for (const s of signals) process.on(s, handler);
  return {
    signal: controller.signal,
    by: () => first,
    dispose: () => {
      for (const s of signals) process.off(s, handler);
    },
  };
}
