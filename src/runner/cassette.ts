import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync } from "node:fs";
import { HttpClient, type HttpClientOptions, type HttpRequest, type HttpResult } from "../client/http.js";
import type { Credentials } from "./credentials.js";

/**
 * A cassette: every HTTP exchange of a run (`tdss run --record all`), which `tdss run --replay FILE`
 * serves back to the current suite instead of a deployment, so that the recorded responses are checked
 * again without a request and without a Credit. Keys are replaced by their placeholders before anything
 * is kept (src/runner/credentials.ts). See docs/reports.md.
 *
 * Replay answers each request with the next recorded exchange of the same case with the same method,
 * path and credential, in the order the case sent them: a case's requests follow each other, so that
 * order holds whatever ran beside it, while bodies may differ: IDs a run invents are random. Where the
 * request sent now differs from the recorded one in a string (an invented ID), the recorded response
 * has that string replaced by today's, as the deployment would have echoed it.
 */
export interface CassetteExchange {
  /** The case that sent it; "" for the run's own requests (the key status before and after). */
  readonly case: string;
  readonly method: string;
  readonly path: string;
  /** Which credential it carried: the Authorization header with keys replaced, "unknown" for the invented key. */
  readonly credential: string;
  readonly request: { readonly headers: Readonly<Record<string, string>>; readonly body?: string };
  readonly response?: {
    readonly status?: number;
    readonly headers?: Readonly<Record<string, string>>;
    readonly body?: string;
  };
  readonly error?: string;
  readonly durationMs: number;
}

export interface Cassette {
  readonly tdss: "cassette";
  readonly version: 1;
  readonly baseUrl: string;
  readonly exchanges: readonly CassetteExchange[];
}

/** A cassette that cannot be read: one line naming the file and what is wrong. */
export class CassetteError extends Error {
  override readonly name = "CassetteError";
}

const caseScope = new AsyncLocalStorage<string>();

/** Runs `fn` as case `id`: the requests it sends are recorded, and replayed, as that case's. */
export function asCase<T>(id: string, fn: () => Promise<T>): Promise<T> {
  return caseScope.run(id, fn);
}

/** The credential label of a request: the Authorization header as the redaction leaves it. */
function credentialOf(headers: Readonly<Record<string, string>> | undefined, credentials: Credentials): string {
  const value = headers?.authorization;
  if (value === undefined) return "none";
  return credentials.redact(value).replace(/\S*tdssunknown\S*/, "unknown");
}

/** An HttpClient that keeps every exchange it sends, keys redacted. */
export class RecordingHttpClient extends HttpClient {
  readonly exchanges: CassetteExchange[] = [];

  constructor(
    options: HttpClientOptions,
    private readonly credentials: Credentials,
  ) {
    super(options);
  }

  override async send(req: HttpRequest): Promise<HttpResult> {
    const result = await super.send(req);
    const redact = (text: string) => this.credentials.redact(text);
    this.exchanges.push({
      case: caseScope.getStore() ?? "",
      method: req.method,
      path: req.path,
      credential: credentialOf(req.headers, this.credentials),
      request: {
        headers: this.credentials.redactValue({ ...req.headers }),
        ...(req.body !== undefined ? { body: redact(req.body) } : {}),
      },
      ...(result.status !== undefined || result.bodyText !== undefined
        ? {
            response: {
              ...(result.status !== undefined ? { status: result.status } : {}),
              ...(result.headers ? { headers: this.credentials.redactValue({ ...result.headers }) } : {}),
              ...(result.bodyText !== undefined ? { body: redact(result.bodyText) } : {}),
            },
          }
        : {}),
      ...(result.error !== undefined ? { error: redact(result.error) } : {}),
      durationMs: result.durationMs,
    });
    return result;
  }

  cassette(): Cassette {
    return { tdss: "cassette", version: 1, baseUrl: this.baseUrl.href, exchanges: this.exchanges };
  }
}

/** A recorded request body and the one sent now, parsed; undefined when either is not JSON. */
function parsedBodies(recorded: string | undefined, now: string | undefined): [unknown, unknown] | undefined {
  try {
    return [JSON.parse(recorded ?? "null"), JSON.parse(now ?? "null")];
  } catch {
    return undefined;
  }
}

/**
 * Strings of the recorded request body that differ from the body sent now, at the same place, as JSON
 * text (recorded → now). Only strings of 8 characters or more count: invented IDs, not field names.
 */
function inventedStrings(recorded: string | undefined, now: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  const bodies = parsedBodies(recorded, now);
  if (!bodies) return out;
  const [a, b] = bodies;
  const walk = (x: unknown, y: unknown) => {
    if (typeof x === "string" && typeof y === "string") {
      if (x !== y && x.length >= 8) out.set(JSON.stringify(x).slice(1, -1), JSON.stringify(y).slice(1, -1));
    } else if (Array.isArray(x) && Array.isArray(y)) x.forEach((v, i) => walk(v, y[i]));
    else if (x && y && typeof x === "object" && typeof y === "object") {
      for (const k of Object.keys(x))
        if (Object.hasOwn(y, k)) walk((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]);
    }
  };
  walk(a, b);
  return out;
}

/**
 * Whether two request bodies differ at most in the strings a run invents (8 characters or more, as inventedStrings
 * reads them): the same members, lengths, numbers and short strings.
 */
function sameShape(recorded: string | undefined, now: string | undefined): boolean {
  const bodies = parsedBodies(recorded, now);
  if (!bodies) return recorded === now;
  const [a, b] = bodies;
  const alike = (x: unknown, y: unknown): boolean => {
    if (typeof x === "string" && typeof y === "string") return x === y || (x.length >= 8 && y.length >= 8);
    if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((v, i) => alike(v, y[i]));
    if (x && y && typeof x === "object" && typeof y === "object" && !Array.isArray(x) && !Array.isArray(y)) {
      const keys = Object.keys(x);
      return (
        keys.length === Object.keys(y).length &&
        keys.every(
          (k) => Object.hasOwn(y, k) && alike((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]),
        )
      );
    }
    return x === y;
  };
  return alike(a, b);
}

/** Reads and checks a cassette file. */
export function loadCassette(file: string): Cassette {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new CassetteError(`--replay ${file}: not a readable JSON file (${(error as Error).message.split("\n")[0]})`);
  }
  const c = data as Partial<Cassette> | null;
  if (!c || c.tdss !== "cassette" || c.version !== 1 || typeof c.baseUrl !== "string" || !Array.isArray(c.exchanges)) {
    throw new CassetteError(`--replay ${file}: not a tdss cassette (write one with tdss run --record all)`);
  }
  return c as Cassette;
}

/**
 * An HttpClient that sends nothing: each request is answered from the cassette (see above), and a request
 * the recorded run did not send is a transport failure saying so.
 */
export class ReplayHttpClient extends HttpClient {
  private readonly queues = new Map<string, CassetteExchange[]>();

  constructor(
    cassette: Cassette,
    private readonly credentials: Credentials,
  ) {
    super({ baseUrl: cassette.baseUrl });
    for (const e of cassette.exchanges) {
      const key = this.key(e.case, e.method, e.path, e.credential);
      this.queues.set(key, [...(this.queues.get(key) ?? []), e]);
    }
  }

  private key(caseId: string, method: string, path: string, credential: string): string {
    return JSON.stringify([caseId, method, path, credential]);
  }

  override async send(req: HttpRequest): Promise<HttpResult> {
    const caseId = caseScope.getStore() ?? "";
    const url = this.urlFor(req.path);
    const queue = this.queues.get(this.key(caseId, req.method, req.path, credentialOf(req.headers, this.credentials)));
    // Requests that do not wait for each other go side by side, in no fixed order: the answer replayed is the one to
    // the same body (invented strings aside), the oldest such first.
    const same = queue?.findIndex((e) => e.request.body === req.body) ?? -1;
    const alike = same >= 0 ? same : (queue?.findIndex((e) => sameShape(e.request.body, req.body)) ?? -1);
    const next = queue?.splice(Math.max(0, alike), 1)[0];
    if (!next) {
      return {
        url,
        error: `not in the cassette: the recorded run sent no further ${req.method} ${req.path} here`,
        durationMs: 0,
        retries: 0,
      };
    }
    // The recorded text carries placeholders where a key was: put this run's keys back, as a live answer would.
    const restore = (text: string) =>
      text
        .replaceAll("$TDSS_SECOND_API_KEY", this.credentials.second ?? "")
        .replaceAll("$TDSS_API_KEY", this.credentials.primary);
    const renamed = inventedStrings(next.request.body, req.body);
    const rename = (text: string) => {
      let out = text;
      for (const [was, now] of renamed) out = out.split(was).join(now);
      return out;
    };
    const r = next.response;
    return {
      url,
      ...(r?.status !== undefined ? { status: r.status } : {}),
      ...(r?.headers ? { headers: { ...r.headers } } : {}),
      ...(r?.body !== undefined ? { bodyText: rename(restore(r.body)) } : {}),
      ...(next.error !== undefined ? { error: next.error } : {}),
      durationMs: next.durationMs,
      retries: 0,
    };
  }
}
