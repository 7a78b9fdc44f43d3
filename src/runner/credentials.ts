import { randomBytes } from "node:crypto";
import type { AuthMode } from "../checks/exchange.js";

/** What replaces each key wherever text leaves the runner (console, reports, curl commands). */
export const KEY_PLACEHOLDER = "$TDSS_API_KEY";
export const SECOND_KEY_PLACEHOLDER = "$TDSS_SECOND_API_KEY";
export const INACTIVE_KEY_PLACEHOLDER = "$TDSS_INACTIVE_API_KEY";

/** Base64 runs shorter than this are not redacted: too short to carry a key, long enough to be found in other text. */
const MIN_BASE64_RUN = 12;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");

/**
 * One character of a key in every way text may spell it: as itself; JSON- or string-escaped with a backslash (`\/`,
 * any number of backslashes, as JSON inside JSON gives); as `\uXXXX`; percent-encoded (`%2F`, `%252F` when encoded
 * twice; `+` for a space); as an HTML or XML character reference (`&#x2f;`, `&#47;`, `&amp;`).
 */
function characterPattern(char: string): string {
  const alternatives = [escapeRegex(char)];
  if (!/[A-Za-z0-9]/.test(char)) alternatives.push(`\\\\+${escapeRegex(char)}`);
  const units = Array.from({ length: char.length }, (_, i) => char.charCodeAt(i));
  alternatives.push(units.map((u) => `\\\\+u${hex(u, 4)}`).join(""));
  alternatives.push([...Buffer.from(char, "utf8")].map((b) => `%(?:25)*${hex(b, 2)}`).join(""));
  if (char === " ") alternatives.push("\\+");
  const code = char.codePointAt(0)!;
  alternatives.push(`&#x0*${hex(code, 1)};`, `&#0*${code};`);
  const named: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
  if (named[char]) alternatives.push(named[char]);
  return `(?:${alternatives.join("|")})`;
}

/**
 * The base64 and base64url runs that any text holding the key encodes to, whatever comes before it: the key
 * starts at one of three offsets in a 3-byte group, and for each the characters fed by the key's bytes alone are
 * the same (so `Bearer <key>`, `user:<key>` in Basic credentials, or JSON holding the key, encoded whole, carry one).
 */
function base64Runs(key: string): string[] {
  const bytes = Buffer.from(key, "utf8");
  const runs = new Set<string>();
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    const run = encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6));
    if (run.length < MIN_BASE64_RUN) continue;
    runs.add(run);
    runs.add(run.replaceAll("+", "-").replaceAll("/", "_"));
  }
  return [...runs];
}

/** The key and the base64 runs of any text that holds it, longest first. */
function spellingsOf(key: string): string[] {
  return [key, ...base64Runs(key)].sort((a, b) => b.length - a.length);
}

/** A pattern matching a key in any of the encodings above, and the base64 of any text that holds it. */
function keyPattern(key: string): string {
  return spellingsOf(key)
    .map((s) => Array.from(s, characterPattern).join(""))
    .join("|");
}

/**
 * What every spelling `characterPattern` allows besides a character itself holds somewhere: a backslash before `u`
 * and four hex digits or before a character of the spellings that is not a letter or digit, `%` and two hex digits,
 * `&#`, a named reference, or `+` where a key holds a space. A text with none of these can hold a key only as written,
 * character for character (in either case).
 */
function escapesPattern(spellings: readonly string[]): RegExp {
  const others = [...new Set(spellings.flatMap((s) => Array.from(s)))].filter((c) => !/[A-Za-z0-9]/.test(c));
  const alternatives = ["\\\\+u[0-9a-f]{4}", "%[0-9a-f]{2}", "&#", "&(?:amp|lt|gt|quot|apos);"];
  if (others.length > 0) alternatives.push(`\\\\+(?:${others.map(escapeRegex).join("|")})`);
  if (spellings.some((s) => s.includes(" "))) alternatives.push("\\+");
  return new RegExp(alternatives.join("|"), "i");
}

/**
 * The one redaction of the runner (docs/runner-robustness.md, "Redaction"): replaces each key, in every encoding
 * `keyPattern` knows, by its placeholder. The matching is case-insensitive (a percent or `\u` escape may be written in
 * either case); redacting a little more than the key is harmless.
 */
export function redactor(keys: readonly { key: string; placeholder: string }[]): (text: string) => string {
  const usable = keys.filter((k) => k.key.length > 0).sort((a, b) => b.key.length - a.key.length);
  if (usable.length === 0) return (text) => text;
  const signature = JSON.stringify(usable);
  if (last?.signature === signature) return last.redact;
  const placeholder = (...match: unknown[]) => {
    const index = match.slice(1, usable.length + 1).findIndex((g) => g !== undefined);
    return usable[index]!.placeholder;
  };
  // The full pattern is some 20,000 characters for three keys, and V8 compiles it on its first use: about 90 ms, most
  // of what redaction cost a run (docs/benchmarks.md, "The run's own work"). Nearly every text a run writes holds
  // no escape at all, and there the full pattern can match only what the spellings as written match: the same
  // spellings in the same order, so the same matches and the same placeholders.
  let full: RegExp | undefined;
  const escapes = escapesPattern(usable.flatMap((k) => spellingsOf(k.key)));
  const plain = new RegExp(usable.map((k) => `(${spellingsOf(k.key).map(escapeRegex).join("|")})`).join("|"), "gi");
  const redact = (text: string) => {
    if (!escapes.test(text)) return text.replace(plain, placeholder);
    full ??= new RegExp(usable.map((k) => `(${keyPattern(k.key)})`).join("|"), "gi");
    return text.replace(full, placeholder);
  };
  last = { signature, redact };
  return redact;
}

/**
 * The last redaction made, by its keys: a run makes one for its outcome and the command one for its output, and V8's
 * compiling of the pattern (some 20,000 characters for three keys) is most of what redaction costs, about 90 ms,
 * against 2 ms to match every string of a run (docs/benchmarks.md, "The run's own work"). One entry only, so that a
 * process that goes on with other keys holds no more than its current ones.
 */
let last: { readonly signature: string; readonly redact: (text: string) => string } | undefined;

/** Every string in a JSON-like value (member names too) redacted; the value keeps its shape. */
function redactDeep<T>(value: T, redact: (text: string) => string): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return redact(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object")
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [redact(k), walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/**
 * Concrete spellings of a key a careless or hostile server may echo, for tests and the hostile benchmark to look
 * for in output (independently of `keyPattern`): as written, JSON-escaped (`\/`, every character as `\uXXXX`),
 * URL-encoded (percent-encoding, form encoding), and base64 / base64url of the key and of `Bearer <key>`.
 */
export function keyEncodings(key: string): Record<string, string> {
  const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
  const b64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");
  return {
    raw: key,
    "json-slash": key.replaceAll("/", "\\/"),
    "json-unicode": Array.from(key, (c) => `\\u${hex(c.charCodeAt(0), 4)}`).join(""),
    "url-encoded": encodeURIComponent(key),
    "form-encoded": new URLSearchParams({ k: key }).toString().slice(2),
    base64: b64(key),
    base64url: b64url(key),
    "base64-bearer": b64(`Bearer ${key}`),
    "base64url-bearer": b64url(`Bearer ${key}`),
  };
}

/**
 * The run's keys and the Authorization header of each auth mode (§5). The one place that holds a key:
 * everything written out goes through `redact`, which replaces every occurrence of either key, in every encoding
 * (also inside a response that echoes it back, or a library's error text).
 */
export class Credentials {
  private readonly unknownKey: string;
  readonly redact: (text: string) => string;

  constructor(
    readonly primary: string,
    readonly second?: string,
    readonly inactive?: string,
  ) {
    if (!primary) throw new Error("an API key is required");
    // Shaped like a real key (same prefix, e.g. svc_) so that only its value is wrong.
    const prefix = /^[A-Za-z]{1,10}_/.exec(primary)?.[0] ?? "";
    this.unknownKey = `${prefix}tdssunknown${randomBytes(12).toString("hex")}`;
    this.redact = redactor([
      { key: primary, placeholder: KEY_PLACEHOLDER },
      ...(second ? [{ key: second, placeholder: SECOND_KEY_PLACEHOLDER }] : []),
      ...(inactive ? [{ key: inactive, placeholder: INACTIVE_KEY_PLACEHOLDER }] : []),
    ]);
  }

  /** The Authorization header value of an auth mode; undefined for `none`. */
  header(mode: AuthMode): string | undefined {
    switch (mode) {
      case "primary":
        return `Bearer ${this.primary}`;
      case "second":
        if (!this.second) throw new Error("no second key configured");
        return `Bearer ${this.second}`;
      case "inactive":
        if (!this.inactive) throw new Error("no inactive key configured");
        return `Bearer ${this.inactive}`;
      case "none":
        return undefined;
      case "malformed":
        // The real key without the Bearer scheme: refused only if the scheme is honoured.
        return this.primary;
      case "unknown":
        return `Bearer ${this.unknownKey}`;
    }
  }

  /** The key a mode spends from, whose balance a Credit check reads. */
  balanceKey(mode: AuthMode): "primary" | "second" {
    return mode === "second" ? "second" : "primary";
  }

  /** Redacts every string inside a JSON-like value. */
  redactValue<T>(value: T): T {
    return redactDeep(value, this.redact);
  }
}
