import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { errorsWithStatus } from "./error-status.js";

describe("errorsWithStatus", () => {
  it("sends a JSON-RPC error of the chosen code with its status and body, and everything else as written", async () => {
    const bodies: Record<string, string> = {
      "/invalid": '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params"}}',
      "/other": '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}',
      "/result": '{"jsonrpc":"2.0","id":1,"result":{}}',
      "/parse": '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}',
    };
    const server = createServer((req, res) => {
      errorsWithStatus(res, ({ code, message }) =>
        code === -32602
          ? { status: 400 }
          : code === -32700
            ? { status: 422, body: `{"detail":"${message}"}` }
            : undefined,
      );
      const body = bodies[req.url ?? ""]!;
      // Written in two pieces after the head, as a framework may stream a body it has whole.
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) });
      res.write(body.slice(0, 10));
      res.end(body.slice(10));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const [path, status, body] of [
        ["/invalid", 400, bodies["/invalid"]],
        ["/other", 200, bodies["/other"]],
        ["/result", 200, bodies["/result"]],
        ["/parse", 422, '{"detail":"Parse error"}'],
      ] as const) {
        const response = await fetch(`http://127.0.0.1:${port}${path}`);
        expect(response.status, path).toBe(status);
        expect(await response.text(), path).toBe(body);
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
