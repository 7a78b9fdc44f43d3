/**
 * The layers picture of docs/architecture.md, drawn from the code: dependency-cruiser reads the imports of src/ and
 * rules/ (.dependency-cruiser.mjs), each product module is folded into its folder, each folder is drawn inside its
 * layer, and an arrow goes from a folder to each folder it imports, except where a longer path of arrows already
 * leads there. Tests and `testing/` helpers are not drawn: they are not part of the product.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { packageRoot } from "../src/contract/root.js";

/** A layer as .dependency-cruiser.mjs names it, with the pattern of the paths of its modules. */
export interface LayerPattern {
  readonly name: string;
  readonly path: string;
}

/** The parts of a module of dependency-cruiser's JSON output read here. */
export interface CruisedModule {
  readonly source: string;
  readonly dependencies: readonly { readonly resolved: string }[];
}

export const BEGIN = "<!-- Generated from the code by `npm run docs:architecture`; do not edit by hand. -->";
export const END = "<!-- End of the generated picture. -->";

/** The folder a module is drawn in, or undefined for what is not drawn (tests, helpers, packages). */
export function folderOf(path: string): string | undefined {
  if (/(\.test\.ts$|\/testing\/)/.test(path)) return undefined;
  if (path.startsWith("rules/")) return "rules";
  if (/^src\/[^/]+\.ts$/.test(path)) return "src/*.ts";
  return /^(src\/[^/]+)\//.exec(path)?.[1];
}

/** Folder → the folders it imports directly, arrows implied by a longer path of arrows left out. */
export function folderGraph(modules: readonly CruisedModule[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const m of modules) {
    const from = folderOf(m.source);
    if (from === undefined) continue;
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const d of m.dependencies) {
      const to = folderOf(d.resolved);
      if (to === undefined || to === from) continue;
      targets.add(to);
      if (!graph.has(to)) graph.set(to, new Set());
    }
  }
  const reach = (start: string, seen = new Set<string>()): Set<string> => {
    for (const next of graph.get(start) ?? []) if (!seen.has(next)) reach(next, seen.add(next));
    return seen;
  };
  for (const targets of graph.values())
    for (const to of [...targets]) if ([...targets].some((via) => via !== to && reach(via).has(to))) targets.delete(to);
  return graph;
}

/** A Mermaid flowchart of the folder graph, each folder inside its layer, the top layer first. */
export function renderPicture(modules: readonly CruisedModule[], layers: readonly LayerPattern[]): string {
  const graph = folderGraph(modules);
  const layerOf = new Map<string, string>();
  for (const path of modules.flatMap((m) => [m.source, ...m.dependencies.map((d) => d.resolved)])) {
    const folder = folderOf(path);
    const layer = layers.find((l) => new RegExp(l.path).test(path));
    if (folder !== undefined && layer) layerOf.set(folder, layer.name);
  }
  // Folders and layers share names (rules): Mermaid needs their ids apart.
  const id = (folder: string) => `f_${folder.replace(/[^A-Za-z0-9]/g, "_")}`;
  const lines = ["```mermaid", "flowchart TB"];
  for (const layer of layers) {
    const folders = [...graph.keys()].filter((f) => layerOf.get(f) === layer.name).sort();
    if (folders.length === 0) continue;
    lines.push(`  subgraph layer_${layer.name}["${layer.name}"]`);
    for (const folder of folders) lines.push(`    ${id(folder)}["${folder}"]`);
    lines.push("  end");
  }
  for (const [from, targets] of [...graph].sort(([a], [b]) => a.localeCompare(b)))
    for (const to of [...targets].sort()) lines.push(`  ${id(from)} --> ${id(to)}`);
  lines.push("```");
  return lines.join("\n");
}

/** The picture between the markers of a document, or undefined when it has none. */
export function pictureIn(doc: string): string | undefined {
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  return begin < 0 || end < begin ? undefined : doc.slice(begin + BEGIN.length, end).trim();
}

/** The document with its picture replaced. */
export function withPicture(doc: string, picture: string): string {
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`docs/architecture.md: the markers ${BEGIN} and ${END} are missing`);
  return `${doc.slice(0, begin + BEGIN.length)}\n\n${picture}\n\n${doc.slice(end)}`;
}

/**
 * Cruises src/ and rules/ with dependency-cruiser under the project's rules. It reads TypeScript through the
 * compiler API, which TypeScript 7 no longer has: tools/layers/typescript-6.mjs gives it the 6.0 of tools/eslint.
 */
export async function cruiseProduct(): Promise<{ modules: CruisedModule[]; layers: LayerPattern[] }> {
  const root = packageRoot();
  const { LAYER_PATTERNS } = (await import(pathToFileURL(join(root, ".dependency-cruiser.mjs")).href)) as {
    LAYER_PATTERNS: LayerPattern[];
  };
  const args = [
    "--import",
    "./tools/layers/typescript-6.mjs",
    join("node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs"),
    ...["--config", ".dependency-cruiser.mjs", "--output-type", "json", "src", "rules"],
  ];
  let out: string;
  try {
    out = execFileSync(process.execPath, args, { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  } catch (error) {
    // A broken layer rule exits non-zero with the whole cruise on stdout; `npm run lint:layers` reports it.
    const stdout = (error as { stdout?: string }).stdout;
    if (!stdout) throw error;
    out = stdout;
  }
  return { modules: (JSON.parse(out) as { modules: CruisedModule[] }).modules, layers: LAYER_PATTERNS };
}
