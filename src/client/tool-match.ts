import { OPERATION_IDS, type OperationId } from "../contract/index.js";
import { toolSuffix as contractToolSuffix } from "../contract/mcp-tools.js";

/**
 * Deployed MCP tool names by route, pinned in the config's `mcp.tools` for a deployment whose names do not end
 * with the §4.1 suffix (s4-1-tools-list-authoritative); routes left out are matched by suffix.
 */
export type ToolNameMap = Readonly<Partial<Record<OperationId, string>>>;

/** How a deployment's tools map to the nine routes (§4.1: the deployed list from tools/list is authoritative). */
export interface ToolMatch {
  /** The tool of each route that has one. */
  readonly byOperation: ReadonlyMap<OperationId, string>;
  /** Routes with no tool. */
  readonly missing: readonly OperationId[];
  /** Tools that match no route. */
  readonly unmatched: readonly string[];
  /** The prefix the matched names share ("svc_" in §4.1), when they share one. */
  readonly prefix?: string;
}

/**
 * Maps deployed tool names to routes: a name pinned in the config wins; otherwise a tool matches the route
 * whose §4.1 name it ends with after a prefix (s4-1-tools-list-authoritative). A pinned name belongs to its
 * route alone. When several names end with the same suffix, the one under the prefix most tools share is taken.
 */
export function matchToolsToRoutes(names: readonly string[], pinned: ToolNameMap = {}): ToolMatch {
  const pinnedNames = new Set(Object.values(pinned));
  const candidates = new Map<OperationId, string[]>();
  for (const operationId of OPERATION_IDS) {
    const suffix = contractToolSuffix(operationId);
    const pin = pinned[operationId];
    candidates.set(
      operationId,
      pin !== undefined
        ? names.filter((n) => n === pin)
        : names.filter(
            (n) =>
              !pinnedNames.has(n) &&
              (n === suffix || n.endsWith(`_${suffix}`) || n.endsWith(`.${suffix}`) || n.endsWith(`-${suffix}`)),
          ),
    );
  }
  const prefixVotes = new Map<string, number>();
  for (const [operationId, found] of candidates) {
    const suffix = contractToolSuffix(operationId);
    for (const name of found)
      if (name.endsWith(suffix))
        prefixVotes.set(name.slice(0, -suffix.length), (prefixVotes.get(name.slice(0, -suffix.length)) ?? 0) + 1);
  }
  const prefix = [...prefixVotes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const byOperation = new Map<OperationId, string>();
  for (const [operationId, found] of candidates) {
    const chosen =
      found.length <= 1
        ? found[0]
        : (found.find((n) => n === `${prefix}${contractToolSuffix(operationId)}`) ?? found[0]);
    if (chosen !== undefined) byOperation.set(operationId, chosen);
  }
  const used = new Set(byOperation.values());
  return {
    byOperation,
    missing: OPERATION_IDS.filter((id) => !byOperation.has(id)),
    unmatched: names.filter((n) => !used.has(n)),
    ...(prefix !== undefined && [...byOperation.values()].every((n) => n.startsWith(prefix)) ? { prefix } : {}),
  };
}
