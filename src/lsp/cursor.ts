/**
 * Where the cursor is in a JSON text that is being typed and may not parse: in a member name or a value, of
 * which object, under which member. A tolerant scanner (an unterminated string ends at its line's end, a missing
 * comma or colon is passed over, a bare word is read as a name) builds the tree once; completion and hover
 * read the context from it. Deeper than MAX_DEPTH it stops descending: no request may be that deep (max-depth).
 */

export interface JsonObject {
  readonly kind: "object";
  readonly start: number;
  end: number;
  readonly members: Member[];
}

interface JsonArray {
  readonly kind: "array";
  readonly start: number;
  end: number;
  readonly items: JsonValue[];
}

interface JsonScalar {
  readonly kind: "string" | "other";
  readonly start: number;
  readonly end: number;
  /** A string's value (its text inside the quotes, decoded where it can be), or the token's text. */
  readonly text: string;
}

type JsonValue = JsonObject | JsonArray | JsonScalar;

interface Member {
  readonly key: string;
  readonly keyStart: number;
  readonly keyEnd: number;
  /** Where the colon is, or -1 when it has not been typed. */
  readonly colon: number;
  value?: JsonValue;
}

/** The token the cursor is in (replaced by a completion), with whether it is a quoted string. */
interface Token {
  readonly start: number;
  readonly end: number;
  readonly quoted: boolean;
  /** What it holds: a string's value, a bare token's text, "" where nothing is typed yet. */
  readonly text: string;
}

export type Cursor =
  | {
      readonly kind: "key";
      readonly path: readonly (string | number)[];
      readonly object: JsonObject;
      readonly token: Token;
    }
  | {
      readonly kind: "value";
      /** The path of the object holding the member. */
      readonly path: readonly (string | number)[];
      readonly object: JsonObject;
      readonly key: string;
      /** The value is an element of the member's array. */
      readonly inArray: boolean;
      readonly token: Token;
    };

const MAX_DEPTH = 128;

/** JSON's white space (and the other ASCII spaces a person may type). */
function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0b || c === 0x0c;
}

/** What ends a bare token: white space or a structural character. */
function isDelimiter(c: number): boolean {
  return isSpace(c) || c === 0x2c || c === 0x3a || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x22;
}

class Scanner {
  pos = 0;
  constructor(readonly text: string) {}

  ws(): void {
    while (this.pos < this.text.length && isSpace(this.text.charCodeAt(this.pos))) this.pos++;
  }

  value(depth: number): JsonValue | undefined {
    this.ws();
    const c = this.text[this.pos];
    if (c === undefined) return undefined;
    if (c === "{" && depth < MAX_DEPTH) return this.object(depth);
    if (c === "[" && depth < MAX_DEPTH) return this.array(depth);
    if (c === '"') return this.string();
    const start = this.pos;
    while (this.pos < this.text.length && !isDelimiter(this.text.charCodeAt(this.pos))) this.pos++;
    if (this.pos === start) return undefined;
    return { kind: "other", start, end: this.pos, text: this.text.slice(start, this.pos) };
  }

  string(): JsonScalar {
    const start = this.pos;
    let i = start + 1;
    for (; i < this.text.length; i++) {
      const c = this.text.charCodeAt(i);
      if (c === 0x5c) i++;
      else if (c === 0x22) {
        this.pos = i + 1;
        const raw = this.text.slice(start, i + 1);
        let text: string;
        try {
          text = JSON.parse(raw) as string;
        } catch {
          text = raw.slice(1, -1);
        }
        return { kind: "string", start, end: this.pos, text };
      } else if (c === 0x0a || c === 0x0d) break;
    }
    this.pos = i;
    return { kind: "string", start, end: i, text: this.text.slice(start + 1, i) };
  }

  object(depth: number): JsonObject {
    const object: JsonObject = { kind: "object", start: this.pos, end: this.text.length, members: [] };
    this.pos++;
    for (;;) {
      this.ws();
      const c = this.text[this.pos];
      if (c === undefined) return object;
      if (c === "}") {
        object.end = ++this.pos;
        return object;
      }
      if (c === ",") {
        this.pos++;
        continue;
      }
      const before = this.pos;
      const name = c === '"' ? this.string() : this.value(depth + 1);
      if (!name || name.kind === "object" || name.kind === "array") {
        // Not a member name: step over it.
        if (this.pos === before) this.pos++;
        continue;
      }
      this.ws();
      let colon = -1;
      if (this.text[this.pos] === ":") colon = this.pos++;
      const member: Member = { key: name.text, keyStart: name.start, keyEnd: name.end, colon };
      if (colon >= 0) {
        this.ws();
        const next = this.text[this.pos];
        if (next !== "," && next !== "}") {
          const value = this.value(depth + 1);
          if (value) member.value = value;
        }
      }
      object.members.push(member);
    }
  }

  array(depth: number): JsonArray {
    const array: JsonArray = { kind: "array", start: this.pos, end: this.text.length, items: [] };
    this.pos++;
    for (;;) {
      this.ws();
      const c = this.text[this.pos];
      if (c === undefined) return array;
      if (c === "]") {
        array.end = ++this.pos;
        return array;
      }
      if (c === ",") {
        this.pos++;
        continue;
      }
      const before = this.pos;
      const value = this.value(depth + 1);
      if (value) array.items.push(value);
      if (this.pos === before) this.pos++;
    }
  }
}

/** The document's top value, read tolerantly. */
export function scanTree(text: string): JsonValue | undefined {
  return new Scanner(text).value(0);
}

/**
 * The tree as a plain value, for route inference, which reads the body's members and field names (the text may
 * not parse): strings as their value, other tokens as JSON where they are JSON, else null.
 */
export function plainValue(value: JsonValue | undefined): unknown {
  if (!value) return null;
  if (value.kind === "object") {
    // No prototype: a member named __proto__ is a member like any other.
    const out = Object.create(null) as Record<string, unknown>;
    for (const m of value.members) out[m.key] = plainValue(m.value);
    return out;
  }
  if (value.kind === "array") return value.items.map((item) => plainValue(item));
  if (value.kind === "string") return value.text;
  try {
    return JSON.parse(value.text) as unknown;
  } catch {
    return null;
  }
}

/** Is `at` inside a token, or at its end (where typing continues it)? */
function within(start: number, end: number, at: number): boolean {
  return start < at && at <= end;
}

function tokenOf(value: JsonScalar | undefined, at: number): Token {
  if (!value) return { start: at, end: at, quoted: false, text: "" };
  return { start: value.start, end: value.end, quoted: value.kind === "string", text: value.text };
}

/** The last character other than white space before `at`, from `from` on. */
function previousChar(text: string, at: number, from: number): string | undefined {
  for (let i = at - 1; i >= from; i--) if (!isSpace(text.charCodeAt(i))) return text[i];
  return undefined;
}

/** What the cursor at `at` is in: a member name or a value, of which object; undefined outside any object. */
export function cursorAt(text: string, root: JsonValue | undefined, at: number): Cursor | undefined {
  let path: (string | number)[] = [];
  let node = root;
  let holder: { object: JsonObject; key: string; path: (string | number)[] } | undefined;
  while (node && (node.kind === "object" || node.kind === "array") && node.start < at && at <= node.end) {
    if (node.kind === "object") {
      const object = node;
      let next: JsonValue | undefined;
      for (const m of object.members) {
        if (within(m.keyStart, m.keyEnd, at) && !(m.colon >= 0 && at > m.colon))
          return {
            kind: "key",
            path,
            object,
            token: { start: m.keyStart, end: m.keyEnd, quoted: text[m.keyStart] === '"', text: m.key },
          };
        const v = m.value;
        if (v && within(v.start, v.end, at)) {
          if (v.kind === "object" || v.kind === "array") {
            holder = { object, key: m.key, path };
            path = [...path, m.key];
            next = v;
          } else return { kind: "value", path, object, key: m.key, inArray: false, token: tokenOf(v, at) };
          break;
        }
      }
      if (next) {
        node = next;
        continue;
      }
      const before = previousChar(text, at, object.start);
      if (before === ":") {
        const m = [...object.members].reverse().find((k) => k.colon >= 0 && k.colon < at);
        if (m) return { kind: "value", path, object, key: m.key, inArray: false, token: tokenOf(undefined, at) };
      }
      if (before === "{" || before === ",") return { kind: "key", path, object, token: tokenOf(undefined, at) };
      return undefined;
    }
    const array = node;
    let next: JsonValue | undefined;
    for (const [i, v] of array.items.entries()) {
      if (!within(v.start, v.end, at)) continue;
      if (v.kind === "object" || v.kind === "array") {
        holder = undefined;
        path = [...path, i];
        next = v;
        break;
      }
      if (!holder) return undefined;
      return {
        kind: "value",
        path: holder.path,
        object: holder.object,
        key: holder.key,
        inArray: true,
        token: tokenOf(v, at),
      };
    }
    if (next) {
      node = next;
      continue;
    }
    const before = previousChar(text, at, array.start);
    if (holder && (before === "[" || before === ","))
      return {
        kind: "value",
        path: holder.path,
        object: holder.object,
        key: holder.key,
        inArray: true,
        token: tokenOf(undefined, at),
      };
    return undefined;
  }
  return undefined;
}
