import type { OperationId } from "../contract/index.js";

/**
 * The seam between the reference server's transports and its behaviour. The REST layer and the
 * MCP layer both call `Service.call`, so data, refusals and Credits are identical on every surface.
 */
export interface Envelope {
  readonly code: number | string;
  readonly msg: string;
  readonly data: unknown;
}

export interface ServiceResponse {
  /** HTTP status the REST layer answers with (200 on success). */
  readonly status: number;
  readonly envelope: Envelope;
  /** Extra HTTP headers, e.g. Retry-After on 429, WWW-Authenticate on 401. */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Service {
  /**
   * Runs one request. `authorization` is the raw Authorization header value (or undefined);
   * `body` is the parsed JSON body of a POST route (undefined for GET routes).
   */
  call(operationId: OperationId, body: unknown, authorization: string | undefined): Promise<ServiceResponse>;
}
