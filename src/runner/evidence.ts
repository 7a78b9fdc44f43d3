import { curlCommand } from "../client/curl.js";
import type { Credentials } from "./credentials.js";
import type { Exchange } from "../checks/exchange.js";

/** Bytes of a request or response body kept in a report (docs/reports.md); longer bodies are cut and marked. */
export const DEFAULT_EVIDENCE_BYTES = 64 * 1024;

/** A body as kept in a report: its text up to the evidence limit, its full size, and whether it was cut. */
export interface RecordedBody {
  readonly text: string;
  /** Size of the whole body in UTF-8 bytes (after key redaction). */
  readonly bytes: number;
  /** Present when `text` holds only the first `shownBytes` of `bytes`. */
  readonly truncated?: { readonly shownBytes: number };
}

/**
 * One exchange kept as evidence: what was sent and what came back, with every key replaced by its
 * placeholder (`$TDSS_API_KEY`). A report file holds nothing a reader could not send again themselves.
 */
export interface RecordedExchange {
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly headers: Readonly<Record<string, string>>;
    readonly body?: RecordedBody;
    readonly operationId?: string;
    readonly auth: string;
  };
  readonly response?: {
    readonly status?: number;
    readonly headers?: Readonly<Record<string, string>>;
    readonly body?: RecordedBody;
  };
  /** Transport failure: no usable response. */
  readonly error?: string;
  readonly durationMs: number;
  /** The request as a shell command, the key read from the environment. */
  readonly curl: string;
}

/** The longest prefix of `text` that fits in `maxBytes` UTF-8 bytes, never splitting a character. */
export function utf8Prefix(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return text;
  let end = Math.max(0, maxBytes);
  // Back up over continuation bytes (10xxxxxx) so that the cut falls between two characters.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString("utf8");
}

export function recordBody(text: string, maxBytes: number): RecordedBody {
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes <= maxBytes) return { text, bytes };
  const shown = utf8Prefix(text, maxBytes);
  return { text: shown, bytes, truncated: { shownBytes: Buffer.byteLength(shown, "utf8") } };
}

/** An exchange as evidence: keys redacted first (so no cut can leave half a key), then bodies cut to `maxBytes`. */
export function recordExchange(
  exchange: Exchange,
  credentials: Credentials,
  maxBytes = DEFAULT_EVIDENCE_BYTES,
): RecordedExchange {
  const req = exchange.request;
  const headers = credentials.redactValue({ ...req.headers });
  const requestBody = req.body === undefined ? undefined : credentials.redact(req.body);
  const url = credentials.redact(req.url);
  const responseText = exchange.bodyText ?? (exchange.json !== undefined ? JSON.stringify(exchange.json) : undefined);
  const hasResponse = exchange.status !== undefined || exchange.headers !== undefined || responseText !== undefined;
  return {
    request: {
      method: req.method,
      url,
      headers,
      ...(requestBody !== undefined ? { body: recordBody(requestBody, maxBytes) } : {}),
      ...(req.operationId ? { operationId: req.operationId } : {}),
      auth: req.auth,
    },
    ...(hasResponse
      ? {
          response: {
            ...(exchange.status !== undefined ? { status: exchange.status } : {}),
            ...(exchange.headers ? { headers: credentials.redactValue({ ...exchange.headers }) } : {}),
            ...(responseText !== undefined ? { body: recordBody(credentials.redact(responseText), maxBytes) } : {}),
          },
        }
      : {}),
    ...(exchange.error !== undefined ? { error: credentials.redact(exchange.error) } : {}),
    durationMs: exchange.durationMs,
    curl: curlCommand({
      method: req.method,
      url,
      headers,
      ...(requestBody !== undefined ? { body: requestBody } : {}),
    }),
  };
}

/** A body's text with its truncation mark, for text reports. */
export function bodyWithMark(body: RecordedBody): string {
  return body.truncated
    ? `${body.text}\n… [truncated: ${body.truncated.shownBytes} of ${body.bytes} bytes kept]`
    : body.text;
}

/**
 * The exchanges a case keeps, each once: failures refer to them by index (several failed checks of one
 * response share it), and with `--record all` every exchange of the case is kept.
 */
export class EvidenceLog {
  readonly exchanges: RecordedExchange[] = [];
  private readonly index = new Map<Exchange, number>();

  constructor(
    private readonly credentials: Credentials,
    private readonly maxBytes = DEFAULT_EVIDENCE_BYTES,
  ) {}

  /** The index of an exchange in the log, adding it the first time. */
  add(exchange: Exchange): number {
    let at = this.index.get(exchange);
    if (at === undefined) {
      at = this.exchanges.push(recordExchange(exchange, this.credentials, this.maxBytes)) - 1;
      this.index.set(exchange, at);
    }
    return at;
  }
}
