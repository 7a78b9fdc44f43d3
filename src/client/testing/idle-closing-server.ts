import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** One request as the server saw it: what was asked, and whether the close met it instead of an answer. */
interface SeenRequest {
  readonly method: string;
  readonly path: string;
  /** The JSON-RPC method a POST the close met carried, if any. */
  readonly rpc?: string;
  readonly closed: boolean;
}

export interface IdleClosingServer {
  readonly url: string;
  readonly seen: readonly SeenRequest[];
  close(): Promise<void>;
}

/**
 * A deployment whose idle limit has always just passed: a request that arrives on a connection that already carried an
 * answer meets the server closing that connection (destroyed unanswered, as a load balancer's keep-alive limit closes
 * it, RFC 9112 §9.3), and a request on a new connection is served by `handler`. What it does to every reused
 * connection, a real deployment does to the one that was idle just too long, so the tests need no clock.
 */
export async function startIdleClosingServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<IdleClosingServer> {
  const seen: SeenRequest[] = [];
  const answered = new WeakSet<Socket>();
  const server = createServer((req, res) => {
    const socket = req.socket;
    const saw = { method: req.method ?? "GET", path: req.url ?? "" };
    if (!answered.has(socket)) {
      seen.push({ ...saw, closed: false });
      res.on("finish", () => answered.add(socket));
      handler(req, res);
      return;
    }
    // Read whole first, so that the close comes once the request has reached the server (and says what it was).
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const rpc = /"method"\s*:\s*"([^"]+)"/.exec(Buffer.concat(chunks).toString("utf8"))?.[1];
      seen.push({ ...saw, ...(rpc ? { rpc } : {}), closed: true });
      socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
