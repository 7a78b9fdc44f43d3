import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import type { WireExchange } from "./response-audit.js";

/** One exchange that passed through the recorder, with the request headers it carried. */
export interface RecordedExchange extends WireExchange {
  readonly requestHeaders: IncomingHttpHeaders;
}

export interface Recorder {
  readonly url: string;
  readonly exchanges: RecordedExchange[];
  close(): Promise<void>;
}

function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

/**
 * A loopback forwarder that records every request and the answer it got from `target`, bytes for bytes: put in
 * front of a third-party proxy (Prism), it shows which requests that proxy answered itself.
 */
export async function startRecorder(target: string): Promise<Recorder> {
  const upstream = new URL(target);
  const exchanges: RecordedExchange[] = [];
  const fail = (res: ServerResponse, error: Error) => {
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
    res.end(`recorder: ${error.message}`);
  };
  const server = createServer((req, res) => void forward(req, res).catch((error: Error) => fail(res, error)));
  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestBody = await readAll(req);
    const headers = { ...req.headers, host: upstream.host };
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) =>
        void readAll(answer).then(
          (responseBody) => {
            const responseHeaders = { ...answer.headers };
            exchanges.push({
              method: req.method ?? "GET",
              url: req.url ?? "/",
              requestHeaders: req.headers,
              requestBody,
              status: answer.statusCode ?? 0,
              responseHeaders,
              responseBody,
            });
            delete responseHeaders["transfer-encoding"];
            res.writeHead(answer.statusCode ?? 502, { ...responseHeaders, "content-length": responseBody.length });
            res.end(responseBody);
          },
          (error: Error) => fail(res, error),
        ),
    );
    forwarded.on("error", (error) => fail(res, error));
    forwarded.end(requestBody);
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
