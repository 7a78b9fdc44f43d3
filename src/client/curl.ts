/** A request as a shell command a person can paste to reproduce a failure. */
export interface CurlRequest {
  readonly method: string;
  readonly url: string;
  /** Header values with keys already replaced by $TDSS_API_KEY / $TDSS_SECOND_API_KEY. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

const PLACEHOLDERS = /\$TDSS_(?:SECOND_)?API_KEY/g;

function singleQuoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** Double quotes so that the key placeholders expand from the environment, and nothing else does. */
function doubleQuoted(text: string): string {
  const parts = text.split(PLACEHOLDERS);
  const keys = text.match(PLACEHOLDERS) ?? [];
  const escape = (s: string) => s.replace(/[\\"`$]/g, (c) => `\\${c}`);
  return `"${parts.map((p, i) => escape(p) + (keys[i] ?? "")).join("")}"`;
}

/** `curl` command line for a request; headers that name a key placeholder are double-quoted so it expands. */
export function curlCommand(req: CurlRequest): string {
  const parts = ["curl", "-sS", "-X", req.method, singleQuoted(req.url)];
  for (const [name, value] of Object.entries(req.headers)) {
    const header = `${name}: ${value}`;
    parts.push("-H", PLACEHOLDERS.test(header) ? doubleQuoted(header) : singleQuoted(header));
    PLACEHOLDERS.lastIndex = 0;
  }
  if (req.body !== undefined) parts.push("--data-raw", singleQuoted(req.body));
  return parts.join(" ");
}
