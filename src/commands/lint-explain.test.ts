import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { packageRoot } from "../contract/root.js";
import { main } from "../cli.js";

async function tdss(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const o = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (out.push(String(chunk)), true));
  const e = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (err.push(String(chunk)), true));
  try {
    return { code: await main(args), stdout: out.join(""), stderr: err.join("") };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

describe("tdss lint --explain", () => {
  it("prints the rule's page: what it finds, its clauses quoted, wrong and right examples", async () => {
    const r = await tdss(["lint", "--explain", "fixed-set-value"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(packageRoot(), "docs", "rules", "fixed-set-value.md"), "utf8"));
    expect(r.stdout).toMatch(
      new RegExp(
        /## The specification\n\n- `s2-3-fixed-values-exact` \(2\.3, lint\): "These are /.source +
          /matched against the whole stored value\."/.source,
      ),
    );
    expect(r.stdout).toMatch(
      /## Wrong[\s\S]*"senior" is not a value of `management_level`[\s\S]*Use "Senior"\.[\s\S]*## Right/,
    );
  });

  it("names a near rule for a misspelt id, exit 2", async () => {
    const r = await tdss(["lint", "--explain", "fixed-set-valu"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'tdss: --explain fixed-set-valu: no rule "fixed-set-valu" (did you mean "fixed-set-value"?); docs/rules/ ' +
        "lists the rules\n",
    );
  });
});
