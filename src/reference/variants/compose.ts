import type { OperationId } from "../../contract/index.js";
import type { Faults } from "../faults.js";
import type { Variant } from "./variant.js";

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The same setting: one value (a hook is the same function), or equal data (a rate limit, sizes). */
function same(a: unknown, b: unknown): boolean {
  return a === b || (typeof a !== "function" && JSON.stringify(a) === JSON.stringify(b));
}

/**
 * Hooks that rewrite a value into one of the same kind (a request body, a finished response, a record): two variants'
 * rewrites apply one after the other, in the order the variants are named, as a deployment's layers do (a framework
 * writes the answer, a proxy rewrites it).
 */
const CHAINED = ["request", "response", "record"] as const satisfies readonly (keyof Faults)[];

/** `then`'s rewrite of what `first` rewrote. */
function chain<K, V>(first: ((key: K, value: V) => V) | undefined, then: (key: K, value: V) => V) {
  return first ? (key: K, value: V) => then(key, first(key, value)) : then;
}

/**
 * Several variants served at once, as a real deployment has all its conditions together (docs/variants.md,
 * "Combinations"): their faults and server conditions merged. Lists of hooks join; rewrites of a request, a response
 * or a record chain (`CHAINED`); members of an object of hooks or settings (`mcp`, `ownProfileFields`, `evaluation`,
 * `server`) merge; every other hook, and the same member or stage, may be set by two variants only to the same value.
 * Otherwise the variants make one choice two ways and cannot be served together: a RangeError names the pair and the
 * setting.
 */
export function composeVariants(parts: readonly Variant[]): Variant {
  const [first, ...rest] = parts;
  if (!first) throw new RangeError("no variant to compose");
  if (!rest.length) return first;
  const owner = new Map<string, Variant>();
  const claim = (where: string, part: Variant, value: unknown, held: unknown): void => {
    const other = owner.get(where);
    if (other && other !== part && !same(value, held))
      throw new RangeError(
        `variants ${other.id} and ${part.id} set ${where} differently: they cannot be served together`,
      );
    if (!other) owner.set(where, part);
  };
  const faults: Record<string, unknown> = {};
  const server: Record<string, unknown> = {};
  let dataset: Variant["dataset"];
  const outOfScope = new Set<OperationId>();
  for (const part of parts) {
    for (const route of part.keyOutOfScope ?? []) outOfScope.add(route);
    for (const [hook, value] of Object.entries(part.faults) as [keyof Faults, unknown][]) {
      if ((CHAINED as readonly string[]).includes(hook)) {
        type Rewrite = (key: unknown, value: unknown) => unknown;
        faults[hook] = chain(faults[hook] as Rewrite | undefined, value as Rewrite);
      } else if (hook === "stages") {
        for (const stage of part.faults.stages ?? []) claim(`the ${stage.stage} stage`, part, stage, undefined);
        faults.stages = [...((faults.stages as unknown[] | undefined) ?? []), ...(part.faults.stages ?? [])];
      } else if (Array.isArray(value)) {
        faults[hook] = [...((faults[hook] as unknown[] | undefined) ?? []), ...(value as unknown[])];
      } else if (isPlainObject(value)) {
        const merged = { ...((faults[hook] as Record<string, unknown> | undefined) ?? {}) };
        for (const [member, setting] of Object.entries(value)) {
          claim(`faults.${hook}.${member}`, part, setting, merged[member]);
          merged[member] = setting;
        }
        faults[hook] = merged;
      } else {
        claim(`faults.${hook}`, part, value, faults[hook]);
        faults[hook] = value;
      }
    }
    for (const [condition, value] of Object.entries(part.server ?? {})) {
      claim(`server.${condition}`, part, value, server[condition]);
      server[condition] = value;
    }
    if (part.dataset) {
      claim("dataset", part, part.dataset, dataset);
      dataset = part.dataset;
    }
  }
  return {
    id: parts.map((p) => p.id).join(","),
    // A combination is listed under its first variant's clause; each part keeps its own (docs/variants.md).
    clause: first.clause,
    area: first.area,
    description: `Together: ${parts.map((p) => `${p.id} (${p.description.replace(/\.$/, "")})`).join("; ")}.`,
    faults,
    ...(Object.keys(server).length ? { server } : {}),
    ...(dataset ? { dataset } : {}),
    ...(outOfScope.size ? { keyOutOfScope: [...outOfScope] } : {}),
  };
}
