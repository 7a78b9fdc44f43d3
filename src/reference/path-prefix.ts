import type { IncomingMessage, ServerResponse } from "node:http";

type Listener = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * The listener served under `prefix` alone, as a gateway routes one path to a service (Variant.server.pathPrefix):
 * §4 says "All paths are relative to {base_url}" and §4.6 puts the MCP transports at {base_url}/mcp and
 * {base_url}/sse, so a base URL with a path is as legal as one without. A request under the prefix reaches the
 * listener without it; any other is answered 404 by the gateway, in its own words. The legacy SSE stream's `endpoint`
 * event names its message endpoint as the client must reach it, under the prefix (MCP 2024-11-05: the event gives
 * "a URI for the client to use for sending messages"), as a service that knows its public path writes it.
 */
export function underPathPrefix(listener: Listener, prefix: string | undefined): Listener {
  if (!prefix) return listener;
  return (req, res) => {
    const raw = req.url ?? "/";
    const [path = "/", query] = splitQuery(raw);
    if (path !== prefix && !path.startsWith(`${prefix}/`)) {
      req.resume();
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end(`no route for ${path.slice(0, 120)}\n`);
      return Promise.resolve();
    }
    req.url = (path.slice(prefix.length) || "/") + (query === undefined ? "" : `?${query}`);
    announceEndpointUnder(res, prefix);
    return listener(req, res);
  };
}

function splitQuery(url: string): [string, string | undefined] {
  const at = url.indexOf("?");
  return at < 0 ? [url, undefined] : [url.slice(0, at), url.slice(at + 1)];
}

/** Puts `prefix` in front of the path an SSE stream's `endpoint` event names, whether a path or an absolute URL. */
function announceEndpointUnder(res: ServerResponse, prefix: string): void {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== "string" || !/^event: endpoint\r?\n/.test(chunk)) return write(chunk, ...rest);
    const under = chunk.replace(/^(event: endpoint\r?\ndata: )(https?:\/\/[^/\s]+)?\//, `$1$2${prefix}/`);
    return write(under, ...rest);
  }) as typeof res.write;
}
