/**
 * How many requests in a row got no answer at all (docs/runner-robustness.md, "Bounded time"). Every request of a
 * run reports here, through the HTTP client and the MCP client's fetch: an answer of any kind (even a 5xx or a body
 * cut at the size limit) resets the count; a timeout, a refused or reset connection, a failed name lookup or a reply
 * that is not HTTP adds one, except a connection closed while idle under a request (`failed`). At the limit the run
 * stops: nothing more is sent, and the cases not yet run are reported as not run, so a deployment that has gone away
 * costs a few timeouts instead of one per remaining request.
 */
export const MAX_CONSECUTIVE_TRANSPORT_FAILURES = 5;

export class TransportHealth {
  private consecutive = 0;
  private reason: string | undefined;

  constructor(readonly limit: number = MAX_CONSECUTIVE_TRANSPORT_FAILURES) {}

  /** A request was answered (any status): the deployment is reachable. */
  answered(): void {
    if (this.reason === undefined) this.consecutive = 0;
  }

  /**
   * A request got no answer; `what` says why (a timeout, a reset, ...). `closedWhileIdle`: the request met a connection
   * that had carried an answer before and was closed or reset before any byte of this one
   * (src/client/connections.ts, `closedBeforeAnswer`): a deployment may close an idle connection at any time (RFC
   * 9112 §9.3), so that is no sign it is gone, and it is not counted; a failure to connect, or a timeout, is.
   */
  failed(what: string, closedWhileIdle = false): void {
    if (this.reason !== undefined || closedWhileIdle) return;
    this.consecutive++;
    if (this.consecutive >= this.limit)
      this.reason = `${this.limit} requests in a row got no answer (the last: ${what})`;
  }

  /** Why the run stopped sending, once it has; undefined while it goes on. */
  get stopped(): string | undefined {
    return this.reason;
  }
}
