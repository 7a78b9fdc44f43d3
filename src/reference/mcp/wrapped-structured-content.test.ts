import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { wrappedStructuredContent } from "./wrapped-structured-content.js";

describe("wrappedStructuredContent", () => {
  it("lists a {result: string} outputSchema and wraps a success's text as its structuredContent", async () => {
    const envelope = { code: 200, msg: "ok", data: {} };
    const refusal = { code: 400, msg: "size", data: null };
    const answers: Record<string, unknown> = {
      "/list": { jsonrpc: "2.0", id: 1, result: { tools: [{ name: "svc_get_version", inputSchema: {} }] } },
      "/call": {
        jsonrpc: "2.0",
        id: 2,
        result: { content: [{ type: "text", text: JSON.stringify(envelope) }], structuredContent: envelope },
      },
      "/refused": {
        jsonrpc: "2.0",
        id: 3,
        result: {
          content: [{ type: "text", text: JSON.stringify(refusal) }],
          structuredContent: refusal,
          isError: true,
        },
      },
    };
    const server = createServer((req, res) => {
      wrappedStructuredContent(res);
      const body = JSON.stringify(answers[req.url ?? ""]);
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const at = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
    try {
      const list = (await (await fetch(at("/list"))).json()) as { result: { tools: { outputSchema: unknown }[] } };
      expect(list.result.tools[0]!.outputSchema).toMatchObject({ properties: { result: { type: "string" } } });
      const call = (await (await fetch(at("/call"))).json()) as { result: { structuredContent: unknown } };
      expect(call.result.structuredContent).toEqual({ result: JSON.stringify(envelope) });
      const refused = (await (await fetch(at("/refused"))).json()) as { result: Record<string, unknown> };
      expect(refused.result).not.toHaveProperty("structuredContent");
      expect(refused.result.isError).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
