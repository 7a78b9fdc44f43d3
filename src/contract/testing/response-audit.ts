import type { ValidateFunction } from "ajv/dist/2020.js";
import { loadContract } from "../load.js";
import type { OperationId } from "../types.js";
import { namedResponseValidator, schemaLocation, schemaValidator, statusValidator } from "../validators.js";
import { escapeToken } from "../json-pointer.js";
import { MCP_PATHS } from "../mcp.js";

/** One HTTP exchange as a server saw it on the wire (the reference's tap gives these). */
export interface WireExchange {
  readonly method: string;
  /** Path and query as sent. */
  readonly url: string;
  readonly requestBody: Uint8Array;
  readonly status: number;
  readonly responseHeaders: Readonly<Record<string, unknown>>;
  readonly responseBody: Uint8Array;
}

/** A response, or part of one, that spec/openapi.yaml does not describe. */
export interface ResponseProblem {
  /** "POST /v1/jobs/query", or "MCP /sse tools/call svc_get_jobs" for an envelope carried by a tool result. */
  readonly route: string;
  readonly status: number;
  /** JSON Pointer into the body ("" for the whole body). */
  readonly pointer: string;
  /** Where in spec/openapi.yaml the failed rule is (a JSON Pointer with #). */
  readonly schemaPath: string;
  readonly message: string;
}

export interface AuditOptions {
  /**
   * Whether `default` describes a status the operation does not name. Off for the reference server, whose
   * every status the document names (x-reference-choice); a deployment's undisclosed statuses fall under it.
   */
  readonly defaultCovers?: boolean;
}

export interface AuditResult {
  readonly problems: ResponseProblem[];
  /** Route label → statuses validated (REST and MCP tool results), to show what a run covered. */
  readonly covered: Map<string, Set<number>>;
}

const MCP_ADDRESSES: ReadonlySet<string> = new Set(Object.values(MCP_PATHS));
const NOT_METHOD = "another method on a route's path answers 405";
const NOT_ROUTE = "a path that is not a route answers 404";

const decoder = new TextDecoder();

function header(headers: Readonly<Record<string, unknown>>, name: string): string {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return String(Array.isArray(value) ? value[0] : (value ?? ""));
}

function parseJson(bytes: Uint8Array): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(decoder.decode(bytes)) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/** The data of each event of a text/event-stream body, with its event name. */
function sseEvents(bytes: Uint8Array): { event: string; data: string }[] {
  return decoder
    .decode(bytes)
    .split(/\r?\n\r?\n/)
    .map((block) => {
      const lines = block.split(/\r?\n/);
      const event =
        lines
          .find((l) => l.startsWith("event:"))
          ?.slice(6)
          .trim() ?? "message";
      const data = lines
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).replace(/^ /, ""))
        .join("\n");
      return { event, data };
    })
    .filter((e) => e.data !== "");
}

function operationAt(method: string, path: string): { op?: OperationId; pathKnown: boolean } {
  let pathKnown = false;
  for (const op of loadContract().operations.values()) {
    if (op.path !== path) continue;
    pathKnown = true;
    if (op.method === method) return { op: op.operationId, pathKnown };
  }
  return { pathKnown };
}

function responsesPointer(op: OperationId, status?: string): string {
  const { path, method } = loadContract().operations.get(op)!;
  return `#/paths/${escapeToken(path)}/${method.toLowerCase()}/responses${status ? `/${status}` : ""}`;
}

class Auditor {
  readonly problems: ResponseProblem[] = [];
  readonly covered = new Map<string, Set<number>>();

  constructor(private readonly options: AuditOptions) {}

  private problem(route: string, status: number, pointer: string, schemaPath: string, message: string): void {
    this.problems.push({ route, status, pointer, schemaPath, message });
  }

  private cover(route: string, status: number): void {
    const set = this.covered.get(route) ?? new Set<number>();
    set.add(status);
    this.covered.set(route, set);
  }

  private validate(route: string, status: number, validate: ValidateFunction, value: unknown, prefix = ""): void {
    if (validate(value)) return;
    for (const error of validate.errors ?? []) {
      const extra =
        error.keyword === "additionalProperties"
          ? ` (${(error.params as { additionalProperty: string }).additionalProperty})`
          : "";
      this.problem(
        route,
        status,
        prefix + error.instancePath,
        schemaLocation(error),
        `${error.message ?? error.keyword}${extra}`,
      );
    }
  }

  /** An envelope's body under the operation's response for `status`: a status it does not name is a problem. */
  body(route: string, op: OperationId, status: number, body: unknown, requestBody: unknown): void {
    this.cover(route, status);
    let validate = statusValidator(op, String(status));
    if (!validate && this.options.defaultCovers) validate = statusValidator(op, "default");
    if (!validate) {
      this.problem(
        route,
        status,
        "",
        responsesPointer(op),
        `status ${status} is not described: ${op} names ${Object.keys(this.responses(op)).join(", ")}`,
      );
      return;
    }
    this.validate(route, status, validate, body);
    // Without a selection the jobs detail route answers the default record (JobRecord); JobsDetailData's results
    // describe the union of both forms, since a response schema cannot depend on the request (§2.6, §4.4).
    const selects =
      typeof requestBody === "object" && requestBody !== null && ("_source" in requestBody || "source" in requestBody);
    if (op === "getJobs" && status === 200 && !selects) {
      const results = (body as { data?: { results?: unknown } } | null)?.data?.results;
      if (Array.isArray(results))
        results.forEach((r, i) => this.validate(route, status, schemaValidator("JobRecord"), r, `/data/results/${i}`));
    }
  }

  private responses(op: OperationId): Record<string, unknown> {
    const { path, method } = loadContract().operations.get(op)!;
    return (loadContract().openapi.paths?.[path] as Record<string, { responses: Record<string, unknown> }>)[
      method.toLowerCase()
    ]!.responses;
  }

  rest(e: WireExchange): void {
    const path = e.url.split("?")[0]!;
    const { op, pathKnown } = operationAt(e.method, path);
    const route = `${e.method} ${path}`;
    const type = header(e.responseHeaders, "content-type").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/json") {
      this.cover(route, e.status);
      this.problem(
        route,
        e.status,
        "",
        op ? responsesPointer(op, String(e.status)) : "#/components/responses/Failure",
        `Content-Type ${type || "none"}, the document describes application/json`,
      );
      return;
    }
    const parsed = parseJson(e.responseBody);
    if (!parsed.ok) {
      this.cover(route, e.status);
      this.problem(route, e.status, "", "", `the body is not JSON: ${parsed.error}`);
      return;
    }
    if (op) {
      const request = parseJson(e.requestBody);
      this.body(route, op, e.status, parsed.value, request.ok ? request.value : undefined);
      return;
    }
    // A path that is not a route, or a route's path under another method: the Failure response's reference choice.
    const label = `${e.method} (${pathKnown ? "route path, other method" : "not a route"})`;
    this.cover(label, e.status);
    const expected = pathKnown ? 405 : 404;
    if (e.status !== expected)
      this.problem(
        route,
        e.status,
        "",
        "#/components/responses/Failure/x-reference-choice",
        `status ${e.status} is not described: ${pathKnown ? NOT_METHOD : NOT_ROUTE}`,
      );
    this.validate(route, e.status, namedResponseValidator("Failure"), parsed.value);
  }

  /** The REST envelope each tools/call result carries (text and structuredContent), under its route's responses. */
  toolResult(transport: string, request: Record<string, unknown>, result: unknown): void {
    const params = request.params as { name?: unknown } | undefined;
    const name = typeof params?.name === "string" ? params.name : "";
    const op = [...loadContract().operations.values()].find((o) => o.tool === name)?.operationId;
    if (!op) return; // an unknown tool is a JSON-RPC error, outside the OpenAPI document
    const route = `MCP ${transport} tools/call ${name}`;
    const r = result as {
      content?: { type?: string; text?: string }[];
      structuredContent?: unknown;
      isError?: boolean;
    } | null;
    const carried: unknown[] = [];
    if (r?.structuredContent !== undefined) carried.push(r.structuredContent);
    for (const item of r?.content ?? []) {
      if (item.type !== "text" || typeof item.text !== "string") continue;
      const parsed = parseJson(new TextEncoder().encode(item.text));
      if (parsed.ok) carried.push(parsed.value);
    }
    if (carried.length === 0) {
      this.problem(route, 0, "", "", "the tool result carries no envelope (no structuredContent, no JSON text)");
      return;
    }
    const args = (request.params as { arguments?: unknown }).arguments;
    for (const envelope of carried) {
      const code = (envelope as { code?: unknown } | null)?.code;
      const status = r?.isError ? (typeof code === "number" ? code : 0) : 200;
      if (r?.isError && status === 200) this.problem(route, status, "/code", "", "a tool error carries code 200");
      this.body(route, op, status, envelope, args);
    }
  }
}

interface JsonRpcMessage {
  readonly id?: unknown;
  readonly method?: unknown;
  readonly result?: unknown;
  readonly error?: unknown;
}

function rpcMessages(value: unknown): JsonRpcMessage[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((m): m is JsonRpcMessage => typeof m === "object" && m !== null);
}

function idKey(id: unknown): string {
  return JSON.stringify(id ?? null);
}

/**
 * Validates every response of a list of exchanges against spec/openapi.yaml: each REST response under its
 * operation's status (the body's JSON Pointer and the schema path of each violation), a path that is not a
 * route under the Failure response, and the envelope every MCP tools/call result carries (Streamable HTTP
 * answers in the POST; SSE answers on the GET /sse stream, paired with its POST /messages by session and id).
 */
export function auditExchanges(exchanges: readonly WireExchange[], options: AuditOptions = {}): AuditResult {
  const auditor = new Auditor(options);
  const sseRequests = new Map<string, Map<string, Record<string, unknown>>>();
  for (const e of exchanges) {
    const path = e.url.split("?")[0]!;
    if (path !== MCP_PATHS.messages) continue;
    const session = new URL(e.url, "http://tap.invalid").searchParams.get("sessionId") ?? "";
    const body = parseJson(e.requestBody);
    if (!body.ok) continue;
    const byId = sseRequests.get(session) ?? new Map<string, Record<string, unknown>>();
    for (const m of rpcMessages(body.value))
      if (m.method !== undefined && m.id !== undefined) byId.set(idKey(m.id), m as Record<string, unknown>);
    sseRequests.set(session, byId);
  }
  for (const e of exchanges) {
    const path = e.url.split("?")[0]!;
    if (!MCP_ADDRESSES.has(path)) {
      auditor.rest(e);
      continue;
    }
    const type = header(e.responseHeaders, "content-type").split(";")[0]!.trim().toLowerCase();
    if (path === MCP_PATHS.streamableHttp && e.method === "POST") {
      const request = parseJson(e.requestBody);
      if (!request.ok) continue;
      const byId = new Map(rpcMessages(request.value).map((m) => [idKey(m.id), m as Record<string, unknown>]));
      const answers =
        type === "text/event-stream"
          ? sseEvents(e.responseBody).flatMap((ev) => {
              const parsed = parseJson(new TextEncoder().encode(ev.data));
              return parsed.ok ? rpcMessages(parsed.value) : [];
            })
          : (() => {
              const parsed = parseJson(e.responseBody);
              return parsed.ok ? rpcMessages(parsed.value) : [];
            })();
      for (const answer of answers) {
        const asked = byId.get(idKey(answer.id));
        if (asked?.method === "tools/call" && answer.result !== undefined)
          auditor.toolResult(MCP_PATHS.streamableHttp, asked, answer.result);
      }
    } else if (path === MCP_PATHS.sse && e.method === "GET" && type === "text/event-stream") {
      const events = sseEvents(e.responseBody);
      const endpoint = events.find((ev) => ev.event === "endpoint")?.data ?? "";
      const session = new URL(endpoint, "http://tap.invalid").searchParams.get("sessionId") ?? "";
      const byId = sseRequests.get(session) ?? new Map<string, Record<string, unknown>>();
      for (const ev of events) {
        if (ev.event !== "message") continue;
        const parsed = parseJson(new TextEncoder().encode(ev.data));
        if (!parsed.ok) continue;
        for (const answer of rpcMessages(parsed.value)) {
          const asked = byId.get(idKey(answer.id));
          if (asked?.method === "tools/call" && answer.result !== undefined)
            auditor.toolResult(MCP_PATHS.sse, asked, answer.result);
        }
      }
    }
  }
  return { problems: auditor.problems, covered: auditor.covered };
}

/** One line per problem: route, status, JSON Pointer in the body, schema path, what is wrong. */
export function formatProblem(p: ResponseProblem): string {
  return `${p.route} → ${p.status} at ${p.pointer || "(body)"}: ${p.message} [${p.schemaPath || "no schema"}]`;
}
