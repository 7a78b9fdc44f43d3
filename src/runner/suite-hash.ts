import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { packageRoot } from "../contract/root.js";

/**
 * The content hash of the suite files the cases came from (and the case schema), so that two reports
 * can tell whether they ran the same suite: `sha256:` over each file's path (relative to the package, or
 * as given for a user's own folder) and bytes, in path order.
 */
export function suiteHash(files: readonly string[]): string {
  const hash = createHash("sha256");
  const root = packageRoot();
  const named = [...new Set(files)].map((f) => {
    const absolute = f.startsWith("/") ? f : join(root, f);
    const rel = relative(root, absolute);
    return { name: rel.startsWith("..") ? absolute : rel, absolute };
  });
  for (const { name, absolute } of named.sort((a, b) => a.name.localeCompare(b.name))) {
    const bytes = readFileSync(absolute);
    hash.update(`${name}\0${bytes.length}\0`).update(bytes);
  }
  return `sha256:${hash.digest("hex")}`;
}
