import { runInNewContext } from "node:vm";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../contract/root.js";

describe("tdss/lint in a browser bundle", () => {
  it(
    "bundles for the browser platform (no Node built-in, no file) and lints in a context with a browser's " +
      "globals only",
    async () => {
      const result = await build({
        entryPoints: [join(packageRoot(), "dist", "src", "linter", "index.js")],
        bundle: true,
        platform: "browser",
        format: "iife",
        globalName: "tdssLint",
        write: false,
        logLevel: "silent",
      });
      const code = result.outputFiles[0]!.text;
      // What a browser page has: no process, require, Buffer or file system.
      const page: Record<string, unknown> = { TextDecoder, TextEncoder, structuredClone, URL, console };
      runInNewContext(code, page);
      const { lint } = page.tdssLint as typeof import("./index.js");
      const diagnostics = lint('{"where": {"field": "management_level", "eq": "senior"}}', { route: "queryPeople" });
      expect(diagnostics.find((d) => d.ruleId === "fixed-set-value")).toMatchObject({
        consequence: "empty",
        path: "/where/eq",
        line: 1,
        column: 47,
      });
      expect(lint({ where: { field: "citty", eq: "Paris" } }).some((d) => d.ruleId === "unknown-field")).toBe(true);
    },
  );
});
