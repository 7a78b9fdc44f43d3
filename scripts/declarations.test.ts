import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../src/contract/root.js";
import { builtDeclarations, exportedDeclarations, reachableDeclarations } from "./declarations.js";

const root = packageRoot();

describe("the declarations the package ships (npm run build prunes them)", () => {
  it("are every declaration an export reaches, and only those", () => {
    expect(existsSync(join(root, "dist", "src", "index.d.ts")), "the build is missing: npm run build").toBe(true);
    const { reachable, missing } = reachableDeclarations(root);
    expect(missing).toEqual([]);
    for (const entry of exportedDeclarations(root)) expect(reachable, entry).toContain(entry);
    expect(new Set(builtDeclarations(root))).toEqual(reachable);
  });

  it("reach through imports, re-exports and import types, from every export", () => {
    const { reachable } = reachableDeclarations(root);
    expect(exportedDeclarations(root)).toEqual(
      expect.arrayContaining(["dist/src/index.d.ts", "dist/src/gateway/index.d.ts", "dist/src/types/queries.d.ts"]),
    );
    // The runner's entry re-exports the run; the run's options name the client's types.
    expect(reachable).toContain("dist/src/runner/run.d.ts");
    expect([...reachable].some((file) => file.startsWith("dist/src/client/"))).toBe(true);
  });
});
