import type { IncomingMessage, ServerResponse } from "node:http";
import { loadContract, type OperationId } from "../contract/index.js";
import { decodeUtf8 } from "../lint/json/source.js";
import { failure, type ReferenceService } from "./reference-service.js";
import type { ServiceResponse } from "./service.js";

/**
 * Largest request body the reference reads (spec/catalog/limits.yaml, project.maxBodyBytes: 1 MiB);
 * a larger one is refused with 413. §8 is silent (clause s8-limits-silent-size-nodes): the linter's
 * body-size rule says unspecified for the same bodies.
 */
export const MAX_BODY_BYTES = loadContract().limits.project.maxBodyBytes;
/** Paths the MCP layer serves (§4.6): Streamable HTTP, legacy SSE and the SSE message endpoint. */
const MCP_PATHS: readonly string[] = ["/mcp", "/sse", "/messages"];

/** The MCP layer as src/reference/mcp/index.ts exports it (createMcpHandler). */
export interface McpHandler {
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  close(): Promise<void>;
}

function routes(): Map<string, Map<string, OperationId>> {
  const table = new Map<string, Map<string, OperationId>>();
  for (const op of loadContract().operations.values()) {
    const methods = table.get(op.path) ?? new Map<string, OperationId>();
    methods.set(op.method, op.operationId);
    table.set(op.path, methods);
  }
  return table;
}

function send(
  res: ServerResponse,
  response: ServiceResponse,
  extraHeaders: Readonly<Record<string, string>> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const body = JSON.stringify(response.envelope);
  res.writeHead(response.status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    ...response.headers,
    ...extraHeaders,
  });
  res.end(body);
}

function shorten(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

type BodyResult =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly response: ServiceResponse };

/**
 * The body's text, read as the linter reads it (src/lint/json/source.ts, clause
 * s4-bodies-json-encoding): bytes that are not UTF-8 are not JSON and are refused (not decoded to
 * U+FFFD and served); a leading byte order mark is refused, where the linter says unspecified.
 */
function bodyText(bytes: Buffer): BodyResult {
  const { text, error, bom } = decodeUtf8(bytes);
  if (error) return { ok: false, response: failure(400, `the request body is not JSON: ${error.message}`) };
  if (bom)
    return {
      ok: false,
      response: failure(
        400,
        "the request body begins with a byte order mark; a JSON text must not (RFC 8259 section 8.1)",
      ),
    };
  return { ok: true, text };
}

function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const tooLarge = (): BodyResult => ({
      ok: false,
      response: failure(413, `the request body is larger than ${limit} bytes, the most the reference reads`),
    });
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        resolve(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!done) {
        done = true;
        resolve(bodyText(Buffer.concat(chunks)));
      }
    });
    req.on("error", () => {
      if (!done) {
        done = true;
        resolve({ ok: false, response: failure(400, "the request body could not be read") });
      }
    });
  });
}

/** The JSON body of a request, or undefined when it has none or it is not JSON (for the routes a fault adds). */
async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const body = await readBody(req, MAX_BODY_BYTES);
  if (!body.ok || body.text.trim() === "") return undefined;
  try {
    return JSON.parse(body.text);
  } catch {
    return undefined;
  }
}

/**
 * The REST transport of the reference: Node's own http server, because the nine routes need no routing
 * framework and every byte of the hot path stays visible (speed targets in docs/benchmarks.md). Every answer, success
 * or failure, is the envelope {code, msg, data} (s1-envelope-every-success, s7-failure-shape-not-shown).
 */
export function createRequestListener(service: ReferenceService, mcp: () => McpHandler | undefined) {
  const table = routes();
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      const path = (req.url ?? "/").split("?")[0]!;
      const method = (req.method ?? "GET").toUpperCase();
      if (MCP_PATHS.includes(path)) {
        const handler = mcp();
        if (handler && (await handler.handle(req, res))) return;
        req.resume();
        return send(res, failure(404, `no MCP surface at ${path} in this build`));
      }
      const methods = table.get(path);
      if (!methods) {
        const unlisted = service.mutant?.faults.routes?.[`${method} ${path}`];
        if (unlisted) return send(res, await unlisted(service, await jsonBody(req), req.headers.authorization));
        req.resume();
        return send(res, failure(404, `no route ${method} ${shorten(path)}; the service has nine routes (§4.1)`));
      }
      const operationId = methods.get(method);
      if (!operationId) {
        req.resume();
        const allow = [...methods.keys()].join(", ");
        return send(res, failure(405, `${method} is not allowed on ${path}; use ${allow} (§4.1)`), { Allow: allow });
      }
      const authorization = req.headers.authorization;
      if (method === "GET") {
        req.resume();
        return send(res, await service.call(operationId, undefined, authorization));
      }
      const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      if (type !== "application/json" && service.enforces("content-type")) {
        req.resume();
        return send(
          res,
          failure(415, `Content-Type must be application/json (§4), got ${type ? shorten(type) : "none"}`),
        );
      }
      const limit = service.enforces("body-size") ? MAX_BODY_BYTES : Number.MAX_SAFE_INTEGER;
      const declared = Number(req.headers["content-length"]);
      if (Number.isFinite(declared) && declared > limit) {
        req.resume();
        return send(res, failure(413, `the request body is larger than ${limit} bytes, the most the reference reads`), {
          Connection: "close",
        });
      }
      const body = await readBody(req, limit);
      if (!body.ok) {
        req.resume();
        return send(res, body.response, body.response.status === 413 ? { Connection: "close" } : {});
      }
      if (body.text.trim() === "")
        return send(res, failure(400, "the request body is empty; " + "send a JSON object (§4)"));
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.text);
      } catch (error) {
        return send(res, failure(400, `the request body is not valid JSON: ${shorten((error as Error).message)}`));
      }
      send(res, await service.call(operationId, parsed, authorization));
    } catch (error) {
      process.stderr.write(`tdss serve: internal error: ${(error as Error).message}\n`);
      send(res, failure(500, "internal error; the request was not charged"));
    }
  };
}
