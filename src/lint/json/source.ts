import { scanJson, type DuplicateKey, type SyntaxProblem } from "./scan.js";

export interface ParsedSource {
  readonly ok: boolean;
  readonly value: unknown;
  readonly error?: SyntaxProblem;
  readonly duplicates: readonly DuplicateKey[];
}

/**
 * JSON.parse for speed, the hand-written scanner only when it is needed: for the position and
 * wording of a syntax error, and for duplicate names when a cheap count says there may be some
 * (every member name is followed by exactly one ':', so a text with no more colons than the parsed
 * value has members cannot hide a duplicate).
 */
export function parseSource(text: string): ParsedSource {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const scanned = scanJson(text);
    return {
      ok: false,
      value: undefined,
      error: scanned.error ?? { offset: 0, message: (error as Error).message },
      duplicates: [],
    };
  }
  if (countColons(text) <= countMembers(value)) return { ok: true, value, duplicates: [] };
  return { ok: true, value, duplicates: scanJson(text).duplicates };
}

function countColons(text: string): number {
  let n = 0;
  for (let i = text.indexOf(":"); i >= 0; i = text.indexOf(":", i + 1)) n++;
  return n;
}

/** Members of every object in a parsed value, without recursion. */
function countMembers(value: unknown): number {
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

/** UTF-8 text of bytes; an error naming the first byte that is not UTF-8. A leading BOM is dropped. */
export function decodeUtf8(bytes: Uint8Array): { text: string; error?: SyntaxProblem } {
  try {
    return { text: fatalDecoder.decode(bytes) };
  } catch {
    const bad = firstInvalidUtf8(bytes);
    const prefix = new TextDecoder("utf-8").decode(bytes.subarray(0, bad));
    const text = prefix + new TextDecoder("utf-8").decode(bytes.subarray(bad));
    const byte = bytes[bad] ?? 0;
    return {
      text,
      error: {
        offset: prefix.length,
        message: `Not UTF-8: byte 0x${byte.toString(16).toUpperCase().padStart(2, "0")} at byte offset ${bad} (a JSON body must be UTF-8)`,
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
