/**
 * `{{ ... }}` templates of suite files. An expression is a variable path (`ids`, `page.next`,
 * `ids[0]`, `ids.length`), a literal (`5`, `'text'`) or a generator call (`take(ids, 3)`,
 * `bogusIds(99)`). A string that is exactly one template becomes the value itself (a list stays a list);
 * a template inside longer text is interpolated. There is no eval and no operator: what is not a
 * variable, literal or registered generator is an error naming the expression. Object keys may be
 * templates too (they resolve to text).
 */

/** A value not known before the run (a capture, while estimating). Bounded so that Credits can be predicted. */
export class Unknown {
  constructor(
    /** `list`: a list of at most `max` items that may resolve to records; `value`: one value. */
    readonly kind: "list" | "value",
    readonly max: number,
  ) {}
  toString(): string {
    return this.kind === "list" ? `<up to ${this.max} values>` : "<value>";
  }
}

export class TemplateError extends Error {
  override readonly name = "TemplateError";
}

export type Generator = (args: unknown[], scope: TemplateScope) => unknown;

export interface TemplateScope {
  readonly vars: Readonly<Record<string, unknown>>;
  readonly generators: Readonly<Record<string, Generator>>;
  /** True while predicting the plan: captures are Unknown placeholders. */
  readonly estimating: boolean;
}

type Token = { t: "ident" | "num" | "str" | "punct"; v: string };

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][\w$-]*/.exec(src.slice(i))![0];
      tokens.push({ t: "ident", v: m });
      i += m.length;
    } else if (/[-\d]/.test(c)) {
      const m = /^-?\d+(\.\d+)?/.exec(src.slice(i));
      if (!m) throw new TemplateError(`unexpected "${c}"`);
      tokens.push({ t: "num", v: m[0] });
      i += m[0].length;
    } else if (c === "'" || c === '"') {
      const end = src.indexOf(c, i + 1);
      if (end < 0) throw new TemplateError("unterminated string");
      tokens.push({ t: "str", v: src.slice(i + 1, end) });
      i = end + 1;
    } else if ("().,[]".includes(c)) {
      tokens.push({ t: "punct", v: c });
      i++;
    } else {
      throw new TemplateError(`unexpected "${c}"`);
    }
  }
  return tokens;
}

class Parser {
  private pos = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly scope: TemplateScope,
  ) {}

  parseAll(): unknown {
    const value = this.expression();
    if (this.pos < this.tokens.length) throw new TemplateError(`unexpected "${this.tokens[this.pos]!.v}"`);
    return value;
  }

  private peek(v?: string): Token | undefined {
    const t = this.tokens[this.pos];
    return t && (v === undefined || t.v === v) ? t : undefined;
  }

  private take(v: string): void {
    if (!this.peek(v)) throw new TemplateError(`expected "${v}"`);
    this.pos++;
  }

  private expression(): unknown {
    const t = this.tokens[this.pos++];
    if (!t) throw new TemplateError("empty expression");
    let value: unknown;
    if (t.t === "num") value = Number(t.v);
    else if (t.t === "str") value = t.v;
    else if (t.t === "ident" && this.peek("(")) value = this.call(t.v);
    else if (t.t === "ident") {
      if (t.v === "true" || t.v === "false") value = t.v === "true";
      else if (t.v === "null") value = null;
      else if (!(t.v in this.scope.vars))
        throw new TemplateError(`unknown variable "${t.v}" (not captured by an earlier step)`);
      else value = this.scope.vars[t.v];
    } else throw new TemplateError(`unexpected "${t.v}"`);
    return this.accessors(value);
  }

  private call(name: string): unknown {
    const fn = this.scope.generators[name];
    if (!fn) throw new TemplateError(`unknown generator "${name}()"`);
    this.take("(");
    const args: unknown[] = [];
    while (!this.peek(")")) {
      args.push(this.expression());
      if (!this.peek(")")) this.take(",");
    }
    this.take(")");
    return fn(args, this.scope);
  }

  private accessors(value: unknown): unknown {
    for (;;) {
      if (this.peek(".")) {
        this.pos++;
        const key = this.tokens[this.pos++];
        if (!key || key.t !== "ident") throw new TemplateError('expected a member name after "."');
        value = member(value, key.v);
      } else if (this.peek("[")) {
        this.pos++;
        const index = this.tokens[this.pos++];
        if (!index || (index.t !== "num" && index.t !== "str")) throw new TemplateError('expected an index after "["');
        this.take("]");
        value = member(value, index.t === "num" ? Number(index.v) : index.v);
      } else return value;
    }
  }
}

function member(value: unknown, key: string | number): unknown {
  if (value instanceof Unknown)
    return key === "length" && value.kind === "list" ? new Unknown("value", 1) : new Unknown("value", 1);
  if (key === "length" && (Array.isArray(value) || typeof value === "string")) return value.length;
  if (Array.isArray(value) && typeof key === "number") {
    if (key < 0 || key >= value.length) throw new TemplateError(`no item ${key} in ${describe(value)}`);
    return value[key];
  }
  // A missing member of an object reads as undefined (an optional part of a for_each entry).
  if (value !== null && typeof value === "object")
    return Object.hasOwn(value, key) ? (value as Record<string | number, unknown>)[key] : undefined;
  throw new TemplateError(`no member ${JSON.stringify(key)} in ${describe(value)}`);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (value === null) return "null";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value)}`.slice(0, 60);
}

/** Evaluates one expression (the text between the braces). */
export function evaluate(expression: string, scope: TemplateScope): unknown {
  try {
    return new Parser(tokenize(expression), scope).parseAll();
  } catch (error) {
    if (error instanceof TemplateError) throw new TemplateError(`{{ ${expression.trim()} }}: ${error.message}`);
    throw error;
  }
}

const WHOLE = /^\{\{([^{}]*)\}\}$/;
const PART = /\{\{([^{}]*)\}\}/g;

/** Resolves every template in a value (strings, lists and objects, recursively; keys are left as they are). */
export function resolve(value: unknown, scope: TemplateScope): unknown {
  if (typeof value === "string") {
    const whole = WHOLE.exec(value.trim());
    if (whole) return evaluate(whole[1]!, scope);
    if (!value.includes("{{")) return value;
    return value.replace(PART, (_, expression: string) => {
      const v = evaluate(expression, scope);
      if (v instanceof Unknown) return "<unknown>";
      return typeof v === "string" ? v : JSON.stringify(v);
    });
  }
  if (Array.isArray(value)) return value.map((v) => resolve(v, scope));
  if (value && typeof value === "object" && !(value instanceof Unknown)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k.includes("{{") ? String(resolve(k, scope)) : k, resolve(v, scope)]),
    );
  }
  return value;
}

/** True when a resolved value still holds a placeholder somewhere. */
export function containsUnknown(value: unknown): boolean {
  if (value instanceof Unknown) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}

/** Variable names a value's templates read (to check captures are defined before use). */
export function referencedVariables(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    for (const m of value.matchAll(PART)) {
      try {
        const tokens = tokenize(m[1]!);
        tokens.forEach((t, i) => {
          const prev = tokens[i - 1];
          if (
            t.t === "ident" &&
            tokens[i + 1]?.v !== "(" &&
            prev?.v !== "." &&
            !["true", "false", "null"].includes(t.v)
          )
            out.add(t.v);
        });
      } catch {
        // a syntax error is reported when the template is evaluated
      }
    }
  } else if (Array.isArray(value)) value.forEach((v) => referencedVariables(v, out));
  else if (value && typeof value === "object")
    Object.entries(value).forEach(([k, v]) => (referencedVariables(k, out), referencedVariables(v, out)));
  return out;
}
