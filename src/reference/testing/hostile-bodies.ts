import fc from "fast-check";
import { loadContract, OPERATORS, scopeKeys } from "../../contract/index.js";

/** A request body as bytes on the wire, with the Content-Type it is sent under (none when undefined). */
export interface HostileBody {
  readonly bytes: Buffer;
  readonly type: string | undefined;
  /** What made it, for a counterexample that reads. */
  readonly kind: string;
}

const JSON_TYPE = "application/json";
/** Every queryable field name of the three datasets, and names that are none (unknown, empty, spaced, inherited). */
export const fieldNames = [
  ...new Set([
    ...Object.values(loadContract().datasets).flatMap((d) => [...d.fields.keys()]),
    "nope",
    "",
    "title ",
    "__proto__",
  ]),
];
/** A JSON scalar, with dates good and bad, a fixed-set value and characters JSON text finds awkward. */
export const scalar = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom("now-30d", "2024-02-29", "now-2y", "2023-13-01", "Senior", "\u0000", "\ud800"),
);
const anyJson = fc.jsonValue({ maxDepth: 4 });

/** Every path to a member or item of a JSON value, the root included (as []). */
function paths(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...at, i], out));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out);
  return out;
}

function setAt(value: unknown, at: readonly (string | number)[], replace: (old: unknown) => unknown): unknown {
  if (at.length === 0) return replace(value);
  const [head, ...rest] = at;
  if (Array.isArray(value)) return (value as unknown[]).map((v, i) => (i === head ? setAt(v, rest, replace) : v));
  const copy = { ...(value as Record<string, unknown>) };
  copy[head as string] = setAt(copy[head as string], rest, replace);
  return copy;
}

const DELETE = Symbol("delete");
function withoutDeleted(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== DELETE).map(withoutDeleted);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== DELETE)
        .map(([k, v]) => [k, withoutDeleted(v)]),
    );
  return value;
}

/** A valid body with one thing wrong: a member of another type, a member gone, an unknown member, a wrapped value. */
function mutated(valid: unknown): fc.Arbitrary<unknown> {
  const all = paths(valid);
  return fc
    .tuple(fc.constantFrom(...all), fc.nat({ max: 5 }), anyJson, fc.constantFrom(...fieldNames, "extra", "constructor"))
    .map(([at, how, value, name]) => {
      const out = setAt(valid, at, (old) => {
        switch (how) {
          case 0:
            return value;
          case 1:
            return at.length === 0 ? value : DELETE;
          case 2:
            return old && typeof old === "object" && !Array.isArray(old) ? { ...old, [name]: value } : [old];
          case 3:
            return typeof old === "string" ? old + "\u0000x" : typeof old === "number" ? -old - 0.5 : String(old);
          case 4:
            return { not: old };
          default:
            return Array.isArray(old) ? [...(old as unknown[]), ...(old as unknown[]), value] : { value: old };
        }
      });
      return withoutDeleted(out);
    });
}

function text(value: string, kind: string, type: string | undefined = JSON_TYPE): HostileBody {
  return { bytes: Buffer.from(value, "utf8"), type, kind };
}

const leaf = '{"field":"city","eq":"Berlin"}';

/** Bodies built to break a parser or a recursive walk: depth, width, prototype keys, bytes that are not UTF-8. */
const adversarial: fc.Arbitrary<HostileBody> = fc.oneof(
  fc
    .integer({ min: 60, max: 6000 })
    .map((d) => text(`{"where":${'{"not":'.repeat(d)}${leaf}${"}".repeat(d)}}`, `not nested ${d} deep`)),
  fc
    .integer({ min: 60, max: 6000 })
    .map((d) => text(`{"where":${'{"all":['.repeat(d)}${leaf}${"]}".repeat(d)}}`, `all nested ${d} deep`)),
  fc.integer({ min: 100, max: 20000 }).map((d) => text(`${"[".repeat(d)}${"]".repeat(d)}`, `array nested ${d} deep`)),
  fc
    .integer({ min: 100, max: 20000 })
    .map((d) => text(`{"profile_ids":${"[".repeat(d)}"x"${"]".repeat(d)}}`, `ids nested ${d} deep`)),
  fc
    .integer({ min: 101, max: 150_000 })
    .map((n) => text(JSON.stringify({ job_ids: Array.from({ length: n }, (_, i) => `id${i}`) }), `${n} job ids`)),
  fc
    .integer({ min: 2, max: 30_000 })
    .map((n) => text(`{"where":{"any":[${Array(n).fill(leaf).join(",")}]}}`, `any of ${n} leaves`)),
  fc
    .integer({ min: 1, max: 2_000_000 })
    .map((n) => text(JSON.stringify({ text: "a".repeat(n) }), `text of ${n} characters`)),
  fc
    .constantFrom(
      '{"__proto__":{"size":1},"where":{"field":"city","exists":true}}',
      '{"where":{"__proto__":{"field":"city"},"field":"city","eq":"x"}}',
      '{"constructor":{"prototype":{"polluted":true}},"where":{"field":"city","exists":true}}',
      '{"where":{"field":"__proto__","eq":"x"}}',
      '{"profile_ids":["a"],"_source":{"__proto__":["full_name"]}}',
      '{"text":"engineer","__proto__":{"size":2}}',
      '{"where":{"field":"city","eq":"x"},"size":1,"size":2}',
    )
    .map((t) => text(t, "prototype keys or duplicates")),
  fc
    .constantFrom(
      Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"where":{"field":"city","exists":true}}')]),
      Buffer.from('{"text":"caf\xe9"}', "latin1"),
      Buffer.from([0x7b, 0x22, 0x74, 0x65, 0x78, 0x74, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
      Buffer.from('{"where":{"field":"city","eq":"\\ud800"}}'),
      Buffer.from('{"where":{"field":"city","eq":"a\u0000b"}}'),
      Buffer.from('{"where":{"field":"city","eq":1e400}}'),
      Buffer.from('{"size":12345678901234567890123}'),
      Buffer.from('{"where":'),
      Buffer.from(""),
      Buffer.from("   \n"),
      Buffer.from("null"),
      Buffer.from('"where"'),
    )
    .map((bytes) => ({ bytes, type: JSON_TYPE, kind: "bad bytes or not an object" })),
  fc
    .tuple(
      anyJson,
      fc.constantFrom(
        undefined,
        "",
        "text/plain",
        "application/x-www-form-urlencoded",
        "APPLICATION/JSON",
        "application/json; charset=latin1",
        "application/json-patch+json",
        "multipart/form-data; boundary=x",
      ),
    )
    .map(([value, type]) => ({
      bytes: Buffer.from(JSON.stringify(value)),
      type,
      kind: `content type ${type ?? "none"}`,
    })),
);

/** Query Spec trees, mostly well formed, with the usual mistakes mixed in. */
const node: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small" },
    fc
      .record({
        field: fc.constantFrom(...fieldNames),
        op: fc.constantFrom(...OPERATORS, "between"),
        value: fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })),
      })
      .map(({ field, op, value }) => ({ field, [op]: value })),
    fc.record({ all: fc.array(tie("node"), { maxLength: 3 }) }),
    fc.record({ any: fc.array(tie("node"), { maxLength: 3 }) }),
    fc.record({ not: fc.oneof(tie("node"), fc.array(tie("node"), { maxLength: 2 })) }),
    fc
      .record({
        scope: fc.constantFrom(...scopeKeys(), "has_job"),
        inner: tie("node"),
      })
      .map(({ scope, inner }) => ({ [scope]: inner })),
    anyJson,
  ),
})).node;

/** Any JSON, a random Query Spec body, a mutated valid body, or an adversarial one, for a route's valid bodies. */
export function hostileBody(valid: readonly unknown[]): fc.Arbitrary<HostileBody> {
  const json = (kind: string) => (value: unknown) => ({
    bytes: Buffer.from(JSON.stringify(value) ?? ""),
    type: JSON_TYPE,
    kind,
  });
  return fc.oneof(
    { arbitrary: anyJson.map(json("random JSON")), weight: 2 },
    {
      arbitrary: fc
        .record(
          { where: node, size: fc.oneof(fc.integer({ min: -5, max: 12_000 }), scalar), after: scalar },
          { requiredKeys: [] },
        )
        .map(json("random Query Spec")),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom(...valid)
        .chain(mutated)
        .map(json("mutated valid body")),
      weight: 4,
    },
    { arbitrary: fc.constantFrom(...valid).map(json("valid body")), weight: 1 },
    { arbitrary: adversarial, weight: 2 },
  );
}

/** Arguments of an MCP tools/call: any JSON, or a route's valid body mutated. */
export function hostileArguments(valid: readonly unknown[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    anyJson,
    fc.constantFrom(...valid).chain(mutated),
    fc.constantFrom(...valid),
    fc.record({ where: node, size: scalar }, { requiredKeys: [] }),
  );
}
