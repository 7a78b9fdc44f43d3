import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { errorsWithStatus } from "./error-status.js";

describe("errorsWithStatus", () => {
  it("sends a JSON-RPC error of the chosen code with its status, and everything else as written", async () => {
    const bodies: Record<string, string> = {
      "/invalid": '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params"}}',
      "/other": '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}',
      "/result": '{"jsonrpc":"2.0","id":1,"result":{}}',
    };
    const server = createServer((req, res) => {
      errorsWithStatus(res, (code) => (code === -32602 ? 400 : undefined));
      const body = bodies[req.url ?? ""]!;
      // Written in two pieces after the head, as a framework may stream a body it has whole.
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write(body.slice(0, 10));
      res.end(body.slice(10));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const [path, status] of [
        ["/invalid", 400],
        ["/other", 200],
        ["/result", 200],
      ] as const) {
        const response = await fetch(`http://127.0.0.1:${port}${path}`);
        expect(response.status, path).toBe(status);
        expect(await response.text(), path).toBe(bodies[path]);
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
