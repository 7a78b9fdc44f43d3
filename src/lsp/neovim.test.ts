import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "vscode-languageserver";
import { packageRoot } from "../contract/root.js";

/** Debian's Neovim (`apt-get install neovim`; .ci/run installs it where it is missing), or the one TDSS_NVIM names. */
const NVIM = process.env.TDSS_NVIM ?? "nvim";

interface EditorRun {
  error?: string;
  first: Diagnostic[];
  shown: number;
  fix: string;
  afterFix: string[];
  completions: number;
  lines: string[];
  last: Diagnostic[];
}

describe("tdss lsp in a real editor", () => {
  it("Neovim's LSP client shows the diagnostics, applies a quick fix and a completion", () => {
    const dir = mkdtempSync(join(tmpdir(), "tdss-nvim-"));
    const file = join(dir, "query.json");
    writeFileSync(
      file,
      [
        "{",
        '  "where": {"all": [',
        '    {"field": "management_level", "in": ["Senior"]},',
        '    {"field": "citty", "eq": "Paris"}',
        "  ]},",
        '  "size": 1',
        "}",
        "",
      ].join("\n"),
    );
    const outFile = join(dir, "out.json");
    const script = join(packageRoot(), "src", "lsp", "testing", "neovim.lua");
    const run = spawnSync(NVIM, ["--headless", "-u", "NONE", "-i", "NONE", "-n", "+luafile " + script], {
      cwd: dir,
      env: {
        ...process.env,
        TDSS_FILE: file,
        TDSS_ROOT: dir,
        TDSS_OUT: outFile,
        TDSS_NODE: process.execPath,
        TDSS_BIN: join(packageRoot(), "bin", "tdss.js"),
        TDSS_COMPLETE_AT: '"citty"',
        TDSS_COMPLETE_LABEL: "city",
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    if (run.error && (run.error as NodeJS.ErrnoException).code === "ENOENT")
      throw new Error(
        `no Neovim found for the editor test: install it with apt-get install -y neovim (or set TDSS_NVIM)`,
      );
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(readFileSync(outFile, "utf8")) as EditorRun;
    expect(result.error).toBeUndefined();
    // The editor received and stored the linter's diagnostics.
    expect(result.first.map((d) => [d.code, d.range.start.line])).toEqual([
      ["single-value-in", 2],
      ["unknown-field", 3],
    ]);
    expect(result.shown).toBe(2);
    // The quick fix rewrote the one-value `in` as `eq`, and nothing else.
    expect(result.fix).toBe("Fix this single-value-in problem");
    expect(result.afterFix[2]).toBe('    {"field": "management_level", "eq": "Senior"},');
    expect(result.afterFix[3]).toBe('    {"field": "citty", "eq": "Paris"}');
    // The completion replaced the misspelt field with the one picked from the route's field names.
    expect(result.completions).toBeGreaterThan(20);
    expect(result.lines).toEqual([
      "{",
      '  "where": {"all": [',
      '    {"field": "management_level", "eq": "Senior"},',
      '    {"field": "city", "eq": "Paris"}',
      "  ]},",
      '  "size": 1',
      "}",
    ]);
    expect(result.last).toEqual([]);
  }, 90_000);
});
