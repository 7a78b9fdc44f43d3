import type { McpProxyContext } from "./mcp-context.js";
import { link, type Linked } from "./mcp-linked.js";

const IDLE_MS = 30_000;

/**
 * Streamable HTTP clients send one POST per message: their upstream session, one per Authorization header, is kept
 * while it is in use and closed after IDLE_MS without a message.
 */
export class IdleLinks {
  private readonly idle = new Map<string, { linked: Promise<Linked>; timer: NodeJS.Timeout }>();
  constructor(private readonly ctx: McpProxyContext) {}

  get(authorization: string | undefined): Promise<Linked> {
    const key = authorization ?? "";
    const cached = this.idle.get(key);
    if (cached) {
      cached.timer.refresh();
      return cached.linked;
    }
    const linked = link(this.ctx, "streamable-http", authorization);
    const timer = setTimeout(() => {
      this.idle.delete(key);
      void linked.then((l) => l.session.close()).catch(() => undefined);
    }, IDLE_MS);
    timer.unref();
    this.idle.set(key, { linked, timer });
    linked.catch(() => {
      clearTimeout(timer);
      this.idle.delete(key);
    });
    return linked;
  }

  /** Stops every timer and closes every session; the promises settle when the sessions are closed. */
  close(): Promise<void>[] {
    const closing = [...this.idle.values()].map((e) => {
      clearTimeout(e.timer);
      return e.linked.then((l) => l.session.close()).catch(() => undefined);
    });
    this.idle.clear();
    return closing;
  }
}
