/**
 * npm run build, after tsc: removes from the shipped folders of dist/ the declarations no consumer of the package
 * can reach. The `exports` map closes every path but its entries, so only their declarations and what those import
 * describe something a user can type against; the rest would only make the package larger (README.md, "Library").
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../src/contract/root.js";
import { builtDeclarations, reachableDeclarations } from "./declarations.js";

const root = packageRoot();
const { reachable, missing } = reachableDeclarations(root);
if (missing.length > 0) {
  process.stderr.write(`prune-declarations: the exports import declarations the build lacks: ${missing.join(", ")}\n`);
  process.exit(1);
}
for (const file of builtDeclarations(root)) if (!reachable.has(file)) rmSync(join(root, file));
