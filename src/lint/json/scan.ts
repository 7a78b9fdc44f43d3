/**
 * A hand-written, iterative JSON scanner for what JSON.parse does not tell: where a syntax error
 * is (with a message a person can act on), which members repeat a name, and where a given JSON
 * Pointer sits in the text. It never recurses on the document's nesting, so a 100,000-deep input
 * cannot overflow the stack, and it never builds objects from the input's member names.
 */
import type { Path } from "../rule.js";

export interface SyntaxProblem {
  readonly offset: number;
  readonly message: string;
}

export interface DuplicateKey {
  readonly path: Path;
  readonly key: string;
}

export interface ScanResult {
  readonly error?: SyntaxProblem;
  readonly duplicates: readonly DuplicateKey[];
}

const SPACE = 0x20,
  TAB = 0x09,
  LF = 0x0a,
  CR = 0x0d;
const QUOTE = 0x22,
  BACKSLASH = 0x5c,
  COMMA = 0x2c,
  COLON = 0x3a;
const LBRACE = 0x7b,
  RBRACE = 0x7d,
  LBRACKET = 0x5b,
  RBRACKET = 0x5d,
  MINUS = 0x2d;

/** Duplicates deeper than this are not recorded: such a document is refused for its depth anyway. */
const MAX_DUPLICATE_DEPTH = 256;

function isWs(c: number): boolean {
  return c === SPACE || c === LF || c === CR || c === TAB;
}

export function skipWs(text: string, pos: number): number {
  while (pos < text.length && isWs(text.charCodeAt(pos))) pos++;
  return pos;
}

function describeAt(text: string, pos: number): string {
  if (pos >= text.length) return "end of input";
  const c = text.codePointAt(pos)!;
  if (c < 0x20 || c === 0x7f) return `control character U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
  return `'${String.fromCodePoint(c)}'`;
}

class ScanError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** Reads a string token starting at the opening quote; returns its end (after the closing quote). */
function scanString(text: string, start: number): { end: number; escaped: boolean } {
  let pos = start + 1;
  let escaped = false;
  for (;;) {
    if (pos >= text.length) throw new ScanError(start, "Unterminated string: no closing '\"'");
    const c = text.charCodeAt(pos);
    if (c === QUOTE) return { end: pos + 1, escaped };
    if (c < 0x20) throw new ScanError(pos, `Unescaped ${describeAt(text, pos)} inside a string`);
    if (c === BACKSLASH) {
      escaped = true;
      const e = text.charCodeAt(pos + 1);
      if (e === 0x75 /* u */) {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(pos + 2, pos + 6)))
          throw new ScanError(pos, "Invalid \\u escape: expected four hex digits");
        pos += 6;
      } else if (
        e === QUOTE ||
        e === BACKSLASH ||
        e === 0x2f ||
        e === 0x62 ||
        e === 0x66 ||
        e === 0x6e ||
        e === 0x72 ||
        e === 0x74
      ) {
        pos += 2;
      } else {
        throw new ScanError(pos, `Invalid escape '\\${pos + 1 < text.length ? text[pos + 1] : ""}' in a string`);
      }
      continue;
    }
    pos++;
  }
}

function stringValue(text: string, start: number, end: number, escaped: boolean): string {
  return escaped ? (JSON.parse(text.slice(start, end)) as string) : text.slice(start + 1, end - 1);
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function scanScalar(text: string, pos: number): number {
  const c = text.charCodeAt(pos);
  if (c === MINUS || (c >= 0x30 && c <= 0x39)) {
    NUMBER.lastIndex = pos;
    if (!NUMBER.test(text)) throw new ScanError(pos, "Invalid number");
    const end = NUMBER.lastIndex;
    const next = text.charCodeAt(end);
    if ((next >= 0x30 && next <= 0x39) || next === 0x2e || next === 0x65 || next === 0x45)
      throw new ScanError(end, "Invalid number (a leading zero, a bare '.', or an incomplete exponent)");
    return end;
  }
  for (const word of ["true", "false", "null"]) {
    if (text.startsWith(word, pos)) return pos + word.length;
  }
  if (c === 0x27) throw new ScanError(pos, "Unexpected ''': JSON strings take double quotes");
  throw new ScanError(
    pos,
    `Unexpected ${describeAt(text, pos)}: expected a value (object, array, string, number, true, false or null)`,
  );
}

interface Frame {
  readonly object: boolean;
  readonly keys: Set<string> | undefined;
  /** Current member name or element index. */
  at: string | number;
}

type ScanState = "value" | "key" | "after";

/** The scan's position and open containers; each step reads one value, member name or separator. */
class JsonScanner {
  readonly duplicates: DuplicateKey[] = [];
  private readonly stack: Frame[] = [];
  pos: number;

  constructor(private readonly text: string) {
    this.pos = skipWs(text, 0);
  }

  /** A value: a scalar, or the opening of an object or array (closed at once when empty). */
  value(): ScanState {
    const { text, stack } = this;
    if (this.pos >= text.length) throw new ScanError(this.pos, "Unexpected end of input: expected a value");
    const c = text.charCodeAt(this.pos);
    if (c === LBRACE) {
      stack.push({ object: true, keys: stack.length < MAX_DUPLICATE_DEPTH ? new Set() : undefined, at: "" });
      this.pos = skipWs(text, this.pos + 1);
      if (text.charCodeAt(this.pos) !== RBRACE) return "key";
      stack.pop();
      this.pos++;
      return "after";
    }
    if (c === LBRACKET) {
      stack.push({ object: false, keys: undefined, at: 0 });
      this.pos = skipWs(text, this.pos + 1);
      if (text.charCodeAt(this.pos) !== RBRACKET) return "value";
      stack.pop();
      this.pos++;
      return "after";
    }
    this.pos = c === QUOTE ? scanString(text, this.pos).end : scanScalar(text, this.pos);
    return "after";
  }

  /** A member name and its colon; a name seen before in the same object is listed. */
  key(): ScanState {
    const { text, stack } = this;
    const pos = this.pos;
    if (text.charCodeAt(pos) !== QUOTE) {
      if (text.charCodeAt(pos) === RBRACE)
        throw new ScanError(pos, "Unexpected '}': a trailing comma before it is not allowed");
      throw new ScanError(pos, `Unexpected ${describeAt(text, pos)}: expected a member name in double quotes`);
    }
    const { end, escaped } = scanString(text, pos);
    const key = stringValue(text, pos, end, escaped);
    const frame = stack[stack.length - 1]!;
    if (frame.keys) {
      if (frame.keys.has(key)) this.duplicates.push({ path: [...stack.slice(0, -1).map((f) => f.at), key], key });
      else frame.keys.add(key);
    }
    frame.at = key;
    this.pos = skipWs(text, end);
    if (text.charCodeAt(this.pos) !== COLON)
      throw new ScanError(
        this.pos,
        `Unexpected ${describeAt(text, this.pos)}: expected ':' after the member name "${key}"`,
      );
    this.pos = skipWs(text, this.pos + 1);
    return "value";
  }

  /** After a value: a comma, the close of its container, or the end of the text; undefined once the scan is done. */
  after(): ScanState | undefined {
    const { text, stack } = this;
    this.pos = skipWs(text, this.pos);
    const frame = stack[stack.length - 1];
    if (!frame) {
      if (this.pos < text.length)
        throw new ScanError(this.pos, `Unexpected ${describeAt(text, this.pos)} after the end of the JSON value`);
      return undefined;
    }
    const c = text.charCodeAt(this.pos);
    if (c === COMMA) {
      this.pos = skipWs(text, this.pos + 1);
      if (frame.object) return "key";
      if (text.charCodeAt(this.pos) === RBRACKET)
        throw new ScanError(this.pos, "Unexpected ']': a trailing comma before it is not allowed");
      frame.at = (frame.at as number) + 1;
      return "value";
    }
    if (frame.object ? c === RBRACE : c === RBRACKET) {
      stack.pop();
      this.pos++;
      return "after";
    }
    const expected = frame.object ? "',' or '}'" : "',' or ']'";
    throw new ScanError(this.pos, `Unexpected ${describeAt(text, this.pos)}: expected ${expected}`);
  }
}

/** Validates the whole text as one JSON value and lists duplicate member names. */
export function scanJson(text: string): ScanResult {
  const scanner = new JsonScanner(text);
  try {
    if (scanner.pos >= text.length) throw new ScanError(scanner.pos, "Empty document: expected a JSON value");
    let state: ScanState | undefined = "value";
    while (state !== undefined)
      state = state === "value" ? scanner.value() : state === "key" ? scanner.key() : scanner.after();
    return { duplicates: scanner.duplicates };
  } catch (error) {
    if (error instanceof ScanError)
      return { error: { offset: error.offset, message: error.message }, duplicates: scanner.duplicates };
    throw error;
  }
}

/** Skips one value starting at `pos` (no whitespace before it) in text already known to be valid JSON. */
function skipValue(text: string, pos: number): number {
  const c = text.charCodeAt(pos);
  if (c === QUOTE) return endOfString(text, pos);
  if (c !== LBRACE && c !== LBRACKET) {
    while (pos < text.length) {
      const d = text.charCodeAt(pos);
      if (d === COMMA || d === RBRACE || d === RBRACKET || isWs(d)) break;
      pos++;
    }
    return pos;
  }
  let depth = 0;
  const end = text.length;
  while (pos < end) {
    const d = text.charCodeAt(pos);
    // Outside strings the text is mostly whitespace, digits, ',' and ':', all below '[': one
    // comparison settles them. '[' and ']' differ from '{' and '}' by the 0x20 bit.
    if (d < LBRACKET) {
      pos = d === QUOTE ? endOfString(text, pos) : pos + 1;
      continue;
    }
    const bracket = d | 0x20;
    if (bracket === LBRACE) depth++;
    else if (bracket === RBRACE && --depth === 0) return pos + 1;
    pos++;
  }
  return pos;
}

function endOfString(text: string, start: number): number {
  let pos = start + 1;
  for (;;) {
    const q = text.indexOf('"', pos);
    if (q < 0) return text.length;
    let backslashes = 0;
    for (let i = q - 1; i > start && text.charCodeAt(i) === BACKSLASH; i--) backslashes++;
    if (backslashes % 2 === 0) return q + 1;
    pos = q + 1;
  }
}

export interface LocateTarget {
  readonly path: Path;
  /** The offset of the member name rather than of its value. */
  readonly key?: boolean;
  /** Also find where the value ends and where its neighbours are (the ranges a fix edits). */
  readonly span?: boolean;
}

/** Where a value sits in the text, with what a fix needs to edit it in place (offsets in UTF-16 code units). */
export interface Span {
  readonly start: number;
  /** Just after the value. */
  readonly end: number;
  /** The member name's opening quote, or -1 for an array element or the root. */
  readonly keyStart: number;
  /** Just after the member name's closing quote, or -1. */
  readonly keyEnd: number;
  /** Just after the previous member or element of the same container, or -1 when this is the first. */
  readonly prevEnd: number;
  /** Where the next member or element of the same container starts, or -1 when this is the last. */
  readonly nextStart: number;
}

interface TrieNode {
  /** Children by member name (String() of the path segment); undefined for a target's end. */
  children: Map<string, TrieNode> | undefined;
  /** The same children by array index, where a segment is one: an array element is found without String(index). */
  elements: TrieNode[] | undefined;
  valueOffset: number;
  keyOffset: number;
  keyEnd: number;
  valueEnd: number;
  prevEnd: number;
  nextStart: number;
  /** Some target ends here and has not been reached yet. */
  pending: boolean;
  /** A span target ends here: it counts as found only once its end and its neighbours are known. */
  span: boolean;
}

function trieNode(): TrieNode {
  return {
    children: undefined,
    elements: undefined,
    valueOffset: -1,
    keyOffset: -1,
    keyEnd: -1,
    valueEnd: -1,
    prevEnd: -1,
    nextStart: -1,
    pending: false,
    span: false,
  };
}

const ARRAY_INDEX = /^(?:0|[1-9]\d{0,8})$/;

function childOf(node: TrieNode, segment: string | number): TrieNode {
  const key = String(segment);
  const children = (node.children ??= new Map<string, TrieNode>());
  let child = children.get(key);
  if (!child) {
    children.set(key, (child = trieNode()));
    if (ARRAY_INDEX.test(key)) (node.elements ??= [])[Number(key)] = child;
  }
  return child;
}

/** What descend returns once every target is found and the rest of the text need not be read. */
const DONE = -1;

interface LocateState {
  /** Target ends not reached yet. */
  pending: number;
  /** Stop at the first occurrence of every target (the text repeats no member name on their paths). */
  readonly stopWhenFound: boolean;
}

/**
 * Offsets of several paths in valid JSON text, in one pass that descends only where a path leads
 * (so its cost is one scan of the text, however many paths). A repeated member name resolves to
 * its last occurrence, as JSON.parse does. -1 where a path does not exist.
 *
 * `unique`: the caller knows that no member name on the targets' paths repeats (a document without
 * duplicate keys), so the first occurrence is the last and the scan stops once all are found.
 */
export function locate(text: string, targets: readonly LocateTarget[], unique = false): number[] {
  return locateAll(text, targets, unique).map((s, i) => (targets[i]!.key && s.keyStart >= 0 ? s.keyStart : s.start));
}

/** Spans of several paths (see locate); a path that does not exist has start -1. */
export function locateAll(text: string, targets: readonly LocateTarget[], unique = false): Span[] {
  const root = trieNode();
  const ends: TrieNode[] = [];
  const state: LocateState = { pending: 0, stopWhenFound: unique };
  for (const t of targets) {
    let node = root;
    for (const seg of t.path) node = childOf(node, seg);
    if (t.span) node.span = true;
    if (!node.pending) {
      node.pending = true;
      state.pending++;
    }
    ends.push(node);
  }
  const start = skipWs(text, 0);
  const end = descend(text, start, root, state);
  if (end !== DONE) root.valueEnd = end;
  return ends.map((n) => ({
    start: n.valueOffset,
    end: n.valueEnd,
    keyStart: n.keyOffset,
    keyEnd: n.keyEnd,
    prevEnd: n.prevEnd,
    nextStart: n.nextStart,
  }));
}

/** A span target's end and neighbours are known: it is found. */
function settle(child: TrieNode, end: number, prevEnd: number, nextStart: number, state: LocateState): boolean {
  child.valueEnd = end;
  child.prevEnd = prevEnd;
  child.nextStart = nextStart;
  if (!child.pending) return false;
  child.pending = false;
  return --state.pending === 0 && state.stopWhenFound;
}

function descend(text: string, pos: number, node: TrieNode, state: LocateState): number {
  node.valueOffset = pos;
  if (node.pending && !node.span) {
    node.pending = false;
    if (--state.pending === 0 && state.stopWhenFound) return DONE;
  }
  const children = node.children;
  if (!children) return skipValue(text, pos);
  const c = text.charCodeAt(pos);
  if (c === LBRACE) {
    pos = skipWs(text, pos + 1);
    if (text.charCodeAt(pos) === RBRACE) return pos + 1;
    let prevEnd = -1;
    for (;;) {
      const keyStart = pos;
      const keyEnd = endOfString(text, pos);
      const child = memberOf(text, keyStart, keyEnd, children);
      pos = skipWs(text, keyEnd);
      pos = skipWs(text, pos + 1); // ':'
      if (child) {
        child.keyOffset = keyStart;
        child.keyEnd = keyEnd;
        pos = descend(text, pos, child, state);
        if (pos === DONE) return DONE;
      } else pos = skipValue(text, pos);
      const end = pos;
      pos = skipWs(text, pos);
      const more = text.charCodeAt(pos) === COMMA;
      if (more) pos = skipWs(text, pos + 1);
      if (child?.span && settle(child, end, prevEnd, more ? pos : -1, state)) return DONE;
      if (!more) return pos + 1;
      prevEnd = end;
    }
  }
  if (c === LBRACKET) {
    pos = skipWs(text, pos + 1);
    if (text.charCodeAt(pos) === RBRACKET) return pos + 1;
    const elements = node.elements;
    let prevEnd = -1;
    for (let index = 0; ; index++) {
      const child = elements?.[index];
      pos = child ? descend(text, pos, child, state) : skipValue(text, pos);
      if (pos === DONE) return DONE;
      const end = pos;
      pos = skipWs(text, pos);
      const more = text.charCodeAt(pos) === COMMA;
      if (more) pos = skipWs(text, pos + 1);
      if (child?.span && settle(child, end, prevEnd, more ? pos : -1, state)) return DONE;
      if (!more) return pos + 1;
      prevEnd = end;
    }
  }
  return skipValue(text, pos);
}

/** The trie child named by the member name at text[start, end), compared in place (no slice unless escaped). */
function memberOf(text: string, start: number, end: number, children: Map<string, TrieNode>): TrieNode | undefined {
  const length = end - start - 2;
  if (children.size <= 8) {
    for (const [name, child] of children) if (name.length === length && text.startsWith(name, start + 1)) return child;
  }
  for (let i = start + 1; i < end - 1; i++) {
    if (text.charCodeAt(i) === BACKSLASH) return children.get(JSON.parse(text.slice(start, end)) as string);
  }
  // Many targets in one object (a body that repeats thousands of names): one hash lookup, not a scan of them all.
  return children.size <= 8 ? undefined : children.get(text.slice(start + 1, end - 1));
}

/**
 * Line and column (1-based, UTF-16 code units) of offsets in a text. Line starts are found only as
 * far as the offsets asked for: diagnostics near the top of a long document do not read all of it.
 */
export class LineIndex {
  private readonly starts: number[] = [0];
  /** Where the search for the next line break resumes; the text's length once all are known. */
  private scanned = 0;
  constructor(private readonly text: string) {}

  position(offset: number): { line: number; column: number } {
    const starts = this.starts;
    while (this.scanned < this.text.length && starts[starts.length - 1]! <= offset) {
      const lf = this.text.indexOf("\n", this.scanned);
      if (lf < 0) this.scanned = this.text.length;
      else {
        starts.push(lf + 1);
        this.scanned = lf + 1;
      }
    }
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  }
}
