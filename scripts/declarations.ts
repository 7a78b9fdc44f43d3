import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/** The folders of dist/ the package ships (package.json `files`), where declarations are pruned. */
export const SHIPPED_BUILD = ["dist/src", "dist/rules"] as const;

/** The declaration files of the package's exports (package.json `exports`, each entry's `types`), from the root. */
export function exportedDeclarations(root: string): string[] {
  const { exports } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    exports: Record<string, string | { types?: string }>;
  };
  return Object.values(exports)
    .flatMap((entry) => (typeof entry === "object" && entry.types ? [entry.types] : []))
    .map((path) => relative(root, join(root, path)));
}

/** The relative modules a declaration file imports or re-exports, as declaration paths from the root. */
function importedDeclarations(root: string, file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  const specifiers = text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)["'](\.{1,2}\/[^"']+)["']/g);
  return [...specifiers].map((m) => join(dirname(file), m[1]!.replace(/\.js$/, ".d.ts")));
}

/**
 * The declaration files a consumer of the package can reach: those of its exports and, transitively, what they
 * import. `missing` lists the imports that name a declaration file the build lacks.
 */
export function reachableDeclarations(root: string): { reachable: Set<string>; missing: string[] } {
  const reachable = new Set<string>();
  const missing: string[] = [];
  const pending = exportedDeclarations(root);
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reachable.has(file)) continue;
    if (!existsSync(join(root, file))) {
      missing.push(file);
      continue;
    }
    reachable.add(file);
    pending.push(...importedDeclarations(root, file));
  }
  return { reachable, missing };
}

/** Every declaration file under the shipped folders of dist/, as paths from the root. */
export function builtDeclarations(root: string): string[] {
  return SHIPPED_BUILD.flatMap((folder) =>
    existsSync(join(root, folder))
      ? readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
          .filter((path) => path.endsWith(".d.ts"))
          .map((path) => join(folder, path))
      : [],
  );
}
