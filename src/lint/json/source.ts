import { scanJson, type DuplicateKey, type SyntaxProblem } from "./scan.js";

export interface ParsedSource {
  readonly ok: boolean;
  readonly value: unknown;
  readonly error?: SyntaxProblem;
  readonly duplicates: readonly DuplicateKey[];
}

/** JSON text parsed, with what it takes to decide later whether it may repeat a member name. */
export interface ParsedText {
  readonly value: unknown;
  readonly error?: SyntaxProblem;
  /** Colons in the text: at least one per member. */
  readonly colons: number;
}

/**
 * JSON.parse for speed, the hand-written scanner only when it is needed: for the position and
 * wording of a syntax error, and for duplicate names when a cheap count says there may be some
 * (every member name is followed by exactly one ':', so a text with no more colons than the parsed
 * value has members cannot hide a duplicate).
 */
export function parseSource(text: string): ParsedSource {
  const parsed = parseText(text);
  if (parsed.error) return { ok: false, value: undefined, error: parsed.error, duplicates: [] };
  return { ok: true, value: parsed.value, duplicates: duplicatesOf(text, parsed, 0) };
}

export function parseText(text: string): ParsedText {
  try {
    return { value: JSON.parse(text), colons: countColons(text) };
  } catch (error) {
    return {
      value: undefined,
      error: scanJson(text).error ?? { offset: 0, message: (error as Error).message },
      colons: 0,
    };
  }
}

/**
 * The repeated member names of parsed text. `known` is a count of members the caller has already
 * seen (the engine counts those of the node tree): when it reaches the colon count there is no
 * repeat, and nothing more is walked.
 */
export function duplicatesOf(text: string, parsed: ParsedText, known: number): readonly DuplicateKey[] {
  if (parsed.colons <= known || parsed.colons <= countMembers(parsed.value)) return [];
  return scanJson(text).duplicates;
}

function countColons(text: string): number {
  let n = 0;
  for (let i = text.indexOf(":"); i >= 0; i = text.indexOf(":", i + 1)) n++;
  return n;
}

/** Members of every object in a parsed value: recursion for the usual shallow value, a stack below that. */
function countMembers(value: unknown, depth = 0): number {
  if (value === null || typeof value !== "object") return 0;
  if (depth > 128) return countMembersIteratively(value);
  let n = 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item !== null && typeof item === "object") n += countMembers(item, depth + 1);
    }
    return n;
  }
  for (const key in value) {
    n++;
    const item = (value as Record<string, unknown>)[key];
    if (item !== null && typeof item === "object") n += countMembers(item, depth + 1);
  }
  return n;
}

function countMembersIteratively(value: unknown): number {
  let n = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== "object") continue;
    if (Array.isArray(v)) {
      for (const item of v) if (item !== null && typeof item === "object") stack.push(item);
    } else {
      for (const key in v) {
        n++;
        const item = (v as Record<string, unknown>)[key];
        if (item !== null && typeof item === "object") stack.push(item);
      }
    }
  }
  return n;
}

const fatalDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** Whether bytes begin with the UTF-8 byte order mark EF BB BF. */
function hasBom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/** UTF-8 text of bytes; an error naming the first byte that is not UTF-8. A leading BOM is dropped (and said). */
export function decodeUtf8(bytes: Uint8Array): { text: string; error?: SyntaxProblem; bom: boolean } {
  const bom = hasBom(bytes);
  try {
    return { text: fatalDecoder.decode(bytes), bom };
  } catch {
    const bad = firstInvalidUtf8(bytes);
    const prefix = new TextDecoder("utf-8").decode(bytes.subarray(0, bad));
    const text = prefix + new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.subarray(bad));
    const byte = bytes[bad] ?? 0;
    return {
      text,
      bom,
      error: {
        offset: prefix.length,
        message:
          `Not UTF-8: byte 0x${byte.toString(16).toUpperCase().padStart(2, "0")} at byte offset ${bad} (a JSON ` +
          `body must be UTF-8)`,
      },
    };
  }
}

function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    let n: number;
    let min: number;
    if (c < 0x80) {
      i++;
      continue;
    } else if (c >= 0xc2 && c <= 0xdf) [n, min] = [1, 0x80];
    else if (c >= 0xe0 && c <= 0xef) [n, min] = [2, 0x800];
    else if (c >= 0xf0 && c <= 0xf4) [n, min] = [3, 0x10000];
    else return i;
    let cp = c & (0x3f >> n);
    for (let k = 1; k <= n; k++) {
      const d = b[i + k];
      if (d === undefined || (d & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (d & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += n + 1;
  }
  return b.length;
}
