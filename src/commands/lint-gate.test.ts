/** `tdss lint` as a CI gate, through the real CLI: docs/lint.md, "Exit status", "Inputs", "Configuration". */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../contract/root.js";
import { runCli as tdss } from "./testing/cli.js";

const bin = join(packageRoot(), "bin", "tdss.js");
const YEARS = '{"where":{"has_experience":{"field":"started_at","gte":"now-2y"}}}';
const CLEAN = '{"where": {"field": "city", "eq": "Paris"}, "size": 1}';
const SENIOR = '{"where": {"field": "management_level", "eq": "senior"}, "size": 1}';

/** A folder of files (name -> text). */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "tdss-gate-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

/** `tdss ARGS` as a process in `cwd`. */
function run(cwd: string, args: string[], input?: string) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, input, encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The files a json report lists, with the rule ids of each. */
function listed(stdout: string): Record<string, string[]> {
  const doc = JSON.parse(stdout) as { files: { file: string; diagnostics: { ruleId: string }[] }[] };
  return Object.fromEntries(doc.files.map((f) => [f.file, f.diagnostics.map((d) => d.ruleId)]));
}

describe("tdss lint as a CI gate", () => {
  it("--max-warnings 0 fails a query whose only finding is a warning (exit 1)", () => {
    const r = run(packageRoot(), ["lint", "--max-warnings", "0"], YEARS);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("relative-date-unit");
    expect(r.stderr).toBe("tdss: 1 warning, more than --max-warnings 0 allows\n");
    expect(run(packageRoot(), ["lint", "--max-warnings", "1"], YEARS).code).toBe(0);
    expect(run(packageRoot(), ["lint"], YEARS).code).toBe(0);
  });

  it("a clean query prints no problem in stylish, and no annotation in github without --cost", async () => {
    expect(await tdss(["lint"], CLEAN)).toEqual({ code: 0, stdout: "1 file checked, no problems.\n", stderr: "" });
    expect((await tdss(["lint", "-f", "github"], CLEAN)).stdout).toBe("");
    expect((await tdss(["lint", "-f", "github", "--cost"], CLEAN)).stdout).toMatch(/^::notice title=cost,/);
  });

  it("--fail-on chooses the classes that fail: their diagnostics are errors, the others warnings", async () => {
    expect((await tdss(["lint", "--fail-on", "unspecified"], YEARS)).code).toBe(1);
    expect((await tdss(["lint", "--fail-on", "refused,broadened"], YEARS)).code).toBe(0);
    const empty = await tdss(["lint", "--fail-on", "refused", "-f", "json"], SENIOR);
    expect(empty.code).toBe(0);
    const d = JSON.parse(empty.stdout).files[0].diagnostics.find((x: { ruleId: string }) => x.ruleId !== "cost");
    expect([d.ruleId, d.severity]).toEqual(["fixed-set-value", "warning"]);
    expect((await tdss(["lint", "--fail-on", "refused", "--max-warnings", "0"], SENIOR)).code).toBe(1);
    expect((await tdss(["lint", "--fail-on", "none"], '{"where": 1}')).code).toBe(0);
    expect((await tdss(["lint"], '{"where": 1}')).code).toBe(1);
    // A rule's own severity is more specific than its class.
    expect((await tdss(["lint", "--rule", "fixed-set-value=warning"], SENIOR)).code).toBe(0);
    // A dead value beside live ones is narrowed, a class of its own: a warning unless --fail-on names it.
    const dead = '{"where": {"field": "management_level", "in": ["Director", "Cxo"]}}';
    expect((await tdss(["lint"], dead)).code).toBe(0);
    const failing = await tdss(["lint", "--fail-on", "narrowed", "-f", "json"], dead);
    expect(failing.code).toBe(1);
    const narrowed = JSON.parse(failing.stdout).files[0].diagnostics.find(
      (x: { consequence: string }) => x.consequence === "narrowed",
    );
    expect([narrowed.ruleId, narrowed.severity]).toEqual(["fixed-set-value", "error"]);
    expect((await tdss(["lint", "--fail-on", "narrowed", "--rule", "fixed-set-value=info"], dead)).code).toBe(0);
  });

  it("lints a folder (.json and .jsonl by default, node_modules and .tdssignore left out) and globs", () => {
    const root = tree({
      "queries/a.json": CLEAN,
      "queries/deep/b.json": SENIOR,
      "queries/log.jsonl": `${CLEAN}\n${SENIOR}\n`,
      "queries/notes.txt": "not a query",
      "queries/node_modules/x.json": "{",
      "queries/fixtures/bad.json": "{",
      ".tdssignore": "fixtures/\n",
    });
    const r = run(root, ["lint", "queries/", "-f", "json", "--rule", "cost=off"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(1);
    expect(listed(r.stdout)).toEqual({
      "queries/a.json": [],
      "queries/deep/b.json": ["fixed-set-value"],
      "queries/log.jsonl": ["fixed-set-value"],
    });
    const jsonl = JSON.parse(r.stdout).files[2].diagnostics[0];
    expect(jsonl.line).toBe(2);
    expect(Object.keys(listed(run(root, ["lint", "queries/**/*.json", "-f", "json"]).stdout))).toEqual([
      "queries/a.json",
      "queries/deep/b.json",
    ]);
    expect(Object.keys(listed(run(root, ["lint", "queries", "--ext", ".jsonl", "-f", "json"]).stdout))).toEqual([
      "queries/log.jsonl",
    ]);
    expect(
      run(root, ["lint", "queries"])
        .stdout.split("\n")
        .find((l) => /^\d+ problems? \(/.test(l)),
    ).toBe("2 problems (2 errors, 0 warnings, 0 info) in 3 files.");
  });

  it("reads tdss.config.json from the folder upward, and names the file and the bad key", () => {
    const root = tree({
      "tdss.config.json": JSON.stringify({
        lint: {
          failOn: ["refused"],
          maxWarnings: 0,
          format: "json",
          rules: { cost: "off" },
          overrides: [{ files: ["jobs/**"], route: "jobs" }],
        },
      }),
      "sub/q.json": SENIOR,
      "jobs/q.json": '{"where": {"field": "posted", "gte": "now-2w"}, "size": 1}',
    });
    const r = run(join(root, "sub"), ["lint", "q.json"]);
    expect(listed(r.stdout)).toEqual({ "q.json": ["fixed-set-value"] });
    expect(r.code).toBe(1); // an empty-class warning, over maxWarnings 0
    expect(run(root, ["lint", "sub/q.json", "--max-warnings", "5"]).code).toBe(0);
    expect(run(root, ["lint", "sub/q.json", "-f", "stylish"]).stdout).toContain("fixed-set-value");
    // The override's route: a jobs field is known there, and relative-date-unit finds the `w` unit.
    expect(listed(run(root, ["lint", "jobs/q.json", "--max-warnings", "5"]).stdout)).toEqual({
      "jobs/q.json": ["relative-date-unit"],
    });
    // --stdin-filename lets the overrides apply to standard input.
    const stdin = run(
      root,
      ["lint", "--stdin-filename", "jobs/new.json", "--max-warnings", "5"],
      '{"where": {"field": "posted", "gte": "now-2w"}}',
    );
    expect(listed(stdin.stdout)).toEqual({ "jobs/new.json": ["relative-date-unit"] });

    writeFileSync(join(root, "tdss.config.json"), JSON.stringify({ lint: { rules: { "fixed-set-valu": "off" } } }));
    const bad = run(join(root, "sub"), ["lint", "q.json"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      "tdss: configuration ../tdss.config.json: lint.rules: " +
        'unknown key "fixed-set-valu" (did you mean "fixed-set-value"?)\n',
    );
  });

  it("takes the tdss key of package.json, and --config FILE", () => {
    const root = tree({
      "package.json": JSON.stringify({ name: "x", tdss: { lint: { failOn: ["refused"] } } }),
      "strict.json": JSON.stringify({ lint: { failOn: ["refused", "empty"], scopes: { is_current: null } } }),
      "q.json": SENIOR,
    });
    expect(run(root, ["lint", "q.json"]).code).toBe(0);
    expect(run(root, ["lint", "q.json", "--config", "strict.json"]).code).toBe(1);
    writeFileSync(join(root, "package.json"), JSON.stringify({ tdss: { lint: { format: "xml" } } }));
    expect(run(root, ["lint", "q.json"]).stderr).toMatch(
      /^tdss: configuration package\.json: tdss\.lint\.format: "xml" is not one of/,
    );
  });

  it("takes failOn as --fail-on takes it, from tdss.config.yaml too, and says what failOn takes", () => {
    const root = tree({ "tdss.config.yaml": "lint:\n  failOn: refused, empty\n", "q.json": SENIOR });
    expect(run(root, ["lint", "q.json"]).code).toBe(1); // "senior" matches nobody: empty, which fails
    writeFileSync(join(root, "tdss.config.yaml"), "lint:\n  failOn: refused\n");
    expect(run(root, ["lint", "q.json"]).code).toBe(0);
    writeFileSync(join(root, "tdss.config.yaml"), "lint:\n  failOn: warning\n");
    const bad = run(root, ["lint", "q.json"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'tdss: configuration tdss.config.yaml: lint.failOn: "warning": expected consequence classes (refused, empty, ' +
        'broadened, narrowed, unspecified), comma-separated, or "none"; a severity such as "warning" is not one ' +
        "(maxWarnings counts warnings)\n",
    );
    // The help names every file it reads.
    expect(run(root, ["lint", "--help"]).stdout).toMatch(
      /tdss\.config\.yaml, +\.yml or +\.json, or +package\.json's tdss key/,
    );
  });

  it("--stdin-filename names standard input, and an ignored name is not linted", () => {
    const root = tree({ ".tdssignore": "generated/\n" });
    expect(listed(run(root, ["lint", "--stdin-filename", "q.json", "-f", "json"], SENIOR).stdout)).toHaveProperty(
      "q.json",
    );
    expect(run(root, ["lint", "--stdin-filename", "generated/q.json"], SENIOR)).toMatchObject({
      code: 0,
      stdout: "0 files checked, no problems.\n",
    });
  });

  it("--fix-suggestions --write on a multi-line file changes exactly the lines holding a fixed value", () => {
    const lines = [
      "{",
      '  "where": {',
      '    "all": [',
      '      {"field": "management_level", "eq": "senior"},',
      '      {"field": "city", "eq": "Paris"},',
      '      {"field": "active_department", "eq": "sales"},',
      '      {"field": "country", "eq": "France"}',
      "    ]",
      "  },",
      '  "size": 10',
      "}",
      "",
    ];
    const root = tree({ "q.json": lines.join("\n") });
    const r = run(root, ["lint", "--fix-suggestions", "--write", "q.json"]);
    expect(r.code).toBe(0);
    const after = readFileSync(join(root, "q.json"), "utf8").split("\n");
    expect(after).toHaveLength(lines.length);
    const changed = after.flatMap((line, i) => (line === lines[i] ? [] : [i]));
    expect(changed).toEqual([3, 5]);
    expect(after[3]).toBe('      {"field": "management_level", "eq": "Senior"},');
    expect(after[5]).toBe('      {"field": "active_department", "eq": "Sales"},');
  });

  it("--fix-suggestions --write reads the `and` of other languages as `all`, not the `any` nearest in spelling", () => {
    const q =
      '{\n  "where": {\n    "and": [{"field": "city", "eq": "Paris"}, {"field": "skills", "eq": "go"}]\n  }\n}\n';
    const root = tree({ "q.json": q });
    const before = run(root, ["lint", "q.json"]);
    expect(before.code).toBe(1);
    expect(before.stdout).toContain("suggestion: Did you mean `all`?");
    expect(run(root, ["lint", "--fix-suggestions", "--write", "q.json"]).code).toBe(0);
    expect(readFileSync(join(root, "q.json"), "utf8")).toBe(q.replace('"and"', '"all"'));
  });
});

describe("fixable problems in the stylish report", () => {
  it("are marked per line and counted, and a wrapping fix edits only the text before and after the node", () => {
    const q = [
      "{",
      '  "where": {',
      '    "all": [',
      '      {"field": "title", "match": "engineer"},',
      '      {"field": "is_current", "eq": true}',
      "    ]",
      "  }",
      "}",
      "",
    ].join("\n");
    const root = tree({ "q.json": q, "one.json": '{"where": {"all": [{"field": "city", "eq": "Paris"}]}}' });
    const r = run(root, ["lint", "q.json", "one.json"]);
    expect(r.stdout).toMatch(/single-child-composite {2}\(fix\)\n/);
    expect(r.stdout).toMatch(/scope-siblings {2}\(fix-suggestions\)\n/);
    // One diagnostic for the two fields outside their scope: scope-siblings owns the group (docs/lint.md).
    expect(r.stdout).not.toMatch(/field-outside-scope/);
    expect(r.stdout).toMatch(/\nPotentially fixable: 1 with --fix, 1 more with --fix-suggestions \(which changes/);
    // The `all` is wrapped in its scope: every line of it keeps its layout, text is added before and after.
    const fixed = run(root, ["lint", "--fix-suggestions", "q.json"]).stdout;
    expect(fixed.split("\n").slice(2, 6)).toEqual(q.split("\n").slice(2, 6));
    expect(fixed).toMatch(/^\{\n {2}"where": \{"has_experience":\{\n/);
  });
});

describe("the route, when none is named", () => {
  it("is the search of the dataset the fields belong to; a mixed body names the route to give", () => {
    const jobs = '{"where":{"all":[{"field":"seniority","eq":"Senior"},{"field":"posted","gte":"now-7d"}]}}';
    expect(run(packageRoot(), ["lint"], jobs)).toMatchObject({ code: 0, stdout: "1 file checked, no problems.\n" });
    const mixed = '{"where":{"all":[{"field":"seniority","eq":"Senior"},{"field":"skills","match":"go"}]}}';
    const r = run(packageRoot(), ["lint"], mixed);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("`seniority` is not a queryable people field; it is a jobs field");
    expect(r.stdout).toContain("suggestion: If this is a jobs query, lint it with `--route jobs`.");
    expect(run(packageRoot(), ["lint", "--route", "jobs"], mixed).stdout).toContain("`skills` is not a queryable jobs");
  });
});

describe("a dead value of an in list", () => {
  it("is its own warning, narrowed, with its suggestion: the rest of the condition still matches", () => {
    const r = run(
      packageRoot(),
      ["lint", "-f", "json"],
      '{"where":{"field":"management_level","in":["Director","Cxo"]}}',
    );
    expect(r.code).toBe(0);
    const found = JSON.parse(r.stdout).files[0].diagnostics.filter((d: { ruleId: string }) => d.ruleId !== "cost");
    expect(
      found.map((d: { path: string; severity: string; consequence: string }) => [d.path, d.severity, d.consequence]),
    ).toEqual([["/where/in/1", "warning", "narrowed"]]);
    expect(found[0].suggestions.map((s: { message: string }) => s.message)).toEqual(['Use "C-Level".']);
    const both = run(
      packageRoot(),
      ["lint", "--max-warnings", "0"],
      '{"where":{"field":"management_level","in":["c-level","Founder","senoir"]}}',
    );
    expect(both.code).toBe(1);
    expect(both.stdout.match(/warning +\[narrowed\]/g)).toHaveLength(2);
    // Every value dead: the condition matches nothing, an error.
    const all = run(packageRoot(), ["lint"], '{"where":{"field":"management_level","in":["Cxo","senoir"]}}');
    expect(all.code).toBe(1);
    expect(all.stdout.match(/error +\[empty\]/g)).toHaveLength(2);
  });
});

describe("rule pages stay short wherever they are shown", () => {
  it("--explain prints a page under 20 KB even for the rules whose examples are generated bodies", () => {
    for (const id of ["max-depth", "body-size", "node-count"]) {
      const r = run(packageRoot(), ["lint", "--explain", id]);
      expect(r.code).toBe(0);
      expect(Buffer.byteLength(r.stdout), id).toBeLessThan(20 * 1024);
      expect(r.stdout).toMatch(/## Wrong[\s\S]*## Right[\s\S]*## Options/);
    }
  });

  it("sarif of many files and rules embeds no page whole: a link and the page's head", () => {
    const deep = `{"where": ${'{"not": '.repeat(70)}{"field": "city", "eq": "Paris"}${"}".repeat(70)}}`;
    const files: Record<string, string> = {
      "deep.json": deep,
      "big.json": `{"where": {"field": "city", "eq": "${"x".repeat(1 << 20)}"}}`,
    };
    for (let i = 0; i < 10; i++) files[`q${i}.json`] = SENIOR;
    const r = run(tree(files), ["lint", ".", "-f", "sarif"]);
    const log = JSON.parse(r.stdout);
    expect(log.runs[0].tool.driver.rules.map((x: { id: string }) => x.id)).toEqual(
      expect.arrayContaining(["max-depth", "body-size", "fixed-set-value"]),
    );
    expect(Buffer.byteLength(r.stdout)).toBeLessThan(200 * 1024);
  });
});

describe("suggestions, rule pages and fixes in the CI formats", () => {
  const root = tree({ "q.json": SENIOR, "ok.json": CLEAN });

  it("sarif: helpUri and help from the rule's page, suggestions in the message, fixes as replacements", () => {
    const log = JSON.parse(run(root, ["lint", "q.json", "-f", "sarif"]).stdout);
    const rule = log.runs[0].tool.driver.rules.find((x: { id: string }) => x.id === "fixed-set-value");
    expect(rule.helpUri).toBe("https://github.com/tdss/tdss/blob/main/docs/rules/fixed-set-value.md");
    const page = readFileSync(join(packageRoot(), "docs", "rules", "fixed-set-value.md"), "utf8");
    // The page's head and its address, not the whole page: a log of many rules stays small.
    expect(rule.help.markdown).toBe(
      `${page.slice(0, page.indexOf("\n## Wrong")).trimEnd()}\n\nWrong and right examples, options: ${rule.helpUri}\n`,
    );
    expect(rule.help.text).toContain(rule.helpUri);
    const result = log.runs[0].results.find((x: { ruleId: string }) => x.ruleId === "fixed-set-value");
    expect(result.message.text).toContain('\nSuggestion: Use "Senior".');
    const at = SENIOR.indexOf('"senior"');
    expect(result.fixes).toEqual([
      {
        description: { text: 'Use "Senior".' },
        artifactChanges: [
          {
            artifactLocation: { uri: "q.json" },
            replacements: [{ deletedRegion: { charOffset: at, charLength: 8 }, insertedContent: { text: '"Senior"' } }],
          },
        ],
      },
    ]);
  });

  it("github and junit carry the suggestions; junit has a passing test case for each clean file", () => {
    const github = run(root, ["lint", "q.json", "-f", "github"]).stdout;
    expect(github).toContain('%0ASuggestion: Use "Senior".%0ADocumentation: https://github.com/tdss/tdss/blob/main/');
    const junit = run(root, ["lint", "q.json", "ok.json", "-f", "junit"]).stdout;
    const xml = new XMLParser({ ignoreAttributes: false }).parse(junit);
    const [bad, ok] = xml.testsuites.testsuite;
    expect(bad["@_failures"]).toBe("1");
    expect(bad.testcase.failure["#text"]).toContain('suggestion: Use "Senior".');
    expect(ok).toMatchObject({ "@_name": "ok.json", "@_tests": "1", "@_failures": "0" });
    expect(ok.testcase).toMatchObject({ "@_name": "ok.json", "@_classname": "ok" });
  });
});
