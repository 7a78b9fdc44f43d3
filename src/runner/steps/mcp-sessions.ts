import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { McpSession, McpTransportKind } from "../../client/mcp.js";
import type { AuthMode } from "../../checks/exchange.js";

/** A session lent to one tool call of a case, with its tool list. */
export interface SessionLease {
  readonly session: McpSession;
  /** tools/list, asked once in the session's life (again after a failure). */
  tools(): Promise<Tool[]>;
}

interface Held extends SessionLease {
  readonly key: string;
}

/**
 * The MCP sessions of one case: a tool call borrows an idle session of its transport and key, or opens one, and gives
 * it back when it has its answer, so that the case's later calls go on in it; every session is closed when the case
 * ends. A session carries one call at a time, as when each call opened its own (calls sent side by side open one
 * each). A session and its tools/list are protocol exchanges that nothing charges (§8 prices the routes; §4.6: the
 * tools have the routes' Credit rules), so lending them changes no Credit; it spares a deployment, and the case's
 * chain of round trips, the initialize, tools/list and close of every call but the first (docs/mcp.md, "Sessions").
 * A call that got no answer does not give its session back, so that what broke it cannot reach the next call.
 */
export class CaseMcpSessions {
  private readonly idle = new Map<string, Held[]>();
  private readonly opened: McpSession[] = [];

  /** An idle session of `transport` and `auth`, or a new one from `open`. */
  async borrow(transport: McpTransportKind, auth: AuthMode, open: () => Promise<McpSession>): Promise<SessionLease> {
    const key = `${transport} ${auth}`;
    const ready = this.idle.get(key)?.pop();
    if (ready) return ready;
    const session = await open();
    this.opened.push(session);
    let tools: Promise<Tool[]> | undefined;
    const held: Held = {
      key,
      session,
      tools: () =>
        (tools ??= session.listTools().catch((error: unknown) => {
          tools = undefined;
          throw error;
        })),
    };
    return held;
  }

  /** Gives a session back for the case's next call; `answered` false leaves it out (closed with the rest). */
  giveBack(lease: SessionLease, answered: boolean): void {
    if (!answered) return;
    const held = lease as Held;
    this.idle.set(held.key, [...(this.idle.get(held.key) ?? []), held]);
  }

  /** Closes every session the case opened, those left out included. */
  async close(): Promise<void> {
    this.idle.clear();
    await Promise.all(this.opened.splice(0).map((session) => session.close()));
  }
}
