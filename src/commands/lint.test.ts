import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { packageRoot } from "../contract/root.js";
import { runCli } from "./testing/cli.js";

const dir = mkdtempSync(join(tmpdir(), "tdss-lint-"));
afterAll(() => undefined);

function file(name: string, text: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const tdss = runCli;

const senior = file("senior.json", '{\n  "where": {"field": "management_level", "eq": "senior"},\n  "size": 1\n}\n');
const clean = file("clean.json", '{"where": {"field": "city", "eq": "Paris"}, "size": 1}');
const broken = file("broken.json", '{"where": {"field": "city", "eq": "Paris"},\n}');
const jobs = file("jobs.json", '{"where": {"field": "posted", "gte": "now-2w"}, "size": 1}');

describe("tdss lint", () => {
  it("prints ESLint-style lines and exits 1 when a diagnostic is an error", async () => {
    const r = await tdss(["lint", senior]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      `${senior}:2:48  error    [empty]        "senior" is not a value of \`management_level\``,
    );
    expect(r.stdout).toContain('fixed-set-value  (fix-suggestions)\n    suggestion: Use "Senior".');
    expect(r.stdout).not.toContain("[cost]");
    expect(r.stdout.trimEnd().split("\n").slice(-2)).toEqual([
      "1 problem (1 error, 0 warnings, 0 info) in 1 file.",
      "Potentially fixable: 1 with --fix-suggestions (which changes what the query matches).",
    ]);
    expect(r.stderr).toBe("");
    // The cost line, with --cost, is information: shown, not counted as a problem.
    const cost = await tdss(["lint", senior, "--cost"]);
    expect(cost.stdout).toContain(`${senior}:1:1  info     [cost]         At most 1 Credit`);
    expect(cost.stdout.trimEnd().split("\n").at(-2)).toBe("1 problem (1 error, 0 warnings, 0 info) in 1 file.");
  });

  it("exits 0 when nothing is an error, and takes several files", async () => {
    const r = await tdss(["lint", clean, jobs, "--route", "jobs"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${jobs}:1:38  warning  [unspecified]  "now-2w" uses the unit \`w\``);
    expect((await tdss(["lint", clean])).code).toBe(0);
  });

  it("reports invalid JSON as a refused diagnostic with its line and column", async () => {
    const r = await tdss(["lint", broken, "--format", "json"]);
    expect(r.code).toBe(1);
    const [d] = JSON.parse(r.stdout).files[0].diagnostics;
    expect([d.ruleId, d.consequence, d.line, d.column]).toEqual(["invalid-json", "refused", 2, 1]);
  });

  it("--format json prints exactly one document of the documented shape", async () => {
    const r = await tdss(["lint", senior, clean, "-f", "json"]);
    const doc = JSON.parse(r.stdout);
    expect(Object.keys(doc)).toEqual(["files"]);
    expect(doc.files.map((f: { file: string }) => f.file)).toEqual([senior, clean]);
    const d = doc.files[0].diagnostics.find((x: { ruleId: string }) => x.ruleId === "fixed-set-value");
    const seniorAt = readFileSync(senior, "utf8").indexOf('"senior"'); // a fix is a text edit of the input
    expect(Object.keys(d)).toEqual([
      "ruleId",
      "messageId",
      "data",
      "severity",
      "consequence",
      "path",
      "line",
      "column",
      "message",
      "clauses",
      "suggestions",
    ]);
    expect(d).toMatchObject({
      messageId: "notInSet",
      data: { field: "management_level" },
      severity: "error",
      consequence: "empty",
      path: "/where/eq",
      line: 2,
      column: 48,
      suggestions: [
        { message: 'Use "Senior".', fix: { edits: [{ range: [seniorAt, seniorAt + 8], text: '"Senior"' }] } },
      ],
    });
  });

  it("--format sarif is SARIF 2.1.0 named for tdss", async () => {
    const r = await tdss(["lint", senior, "--format", "sarif"]);
    const log = JSON.parse(r.stdout);
    expect(log.version).toBe("2.1.0");
    const run = log.runs[0];
    expect(run.tool.driver.name).toBe("tdss");
    expect(run.tool.driver.rules.find((x: { id: string }) => x.id === "fixed-set-value").properties.consequence).toBe(
      "empty",
    );
    const result = run.results.find((x: { ruleId: string }) => x.ruleId === "fixed-set-value");
    expect(result.level).toBe("error");
    expect(result.locations[0].physicalLocation.region).toMatchObject({
      startLine: 2,
      startColumn: 48,
      endLine: 2,
      endColumn: 56,
    });
    expect(result.properties).toMatchObject({ consequence: "empty", path: "/where/eq" });
  });

  it("--format junit and --format github", async () => {
    const junit = (await tdss(["lint", senior, "--format", "junit"])).stdout;
    expect(junit).toMatch(/^<\?xml/);
    expect(junit).toContain('<testsuite package="tdss"');
    expect(junit).toContain('name="tdss.fixed-set-value(#/where/eq)"');
    expect(junit).not.toContain("org.spectral");
    const github = (await tdss(["lint", senior, "--format", "github", "--cost"])).stdout;
    expect(github).toMatch(
      new RegExp(
        // It spans the value's token ("senior" with its quotes: columns 48 to 55), never a zero-width point.
        /^::error title=fixed-set-value,file=.*senior\.json,col=48,endColumn=56,line=2,/.source +
          /endLine=2::\[empty\] "senior" is not a value/.source,
        "m",
      ),
    );
    expect(github).toMatch(/^::notice title=cost,file=.*senior\.json,col=1,endColumn=2,line=1,endLine=1::/m);
    expect(github).not.toMatch(/col=(\d+),endColumn=\1,/);
  });

  it("exits 2 with one clear line for a usage error", async () => {
    for (const [args, message] of [
      [["lint", "--nope", clean], /Unknown argument: nope/],
      [["lint", join(dir, "missing.json")], /cannot read .*missing\.json: no such file/],
      [["lint", join(dir, "*.nothing")], /no file matches .*\*\.nothing/],
      [["lint", join(packageRoot(), "bench")], /bench: no \.json or \.jsonl file in this folder \(see --ext\)/],
      [["lint", "--max-warnings", "x", clean], /^tdss: --max-warnings x: expected a number/],
      [["lint", "--fail-on", "refused,cost", clean], /--fail-on cost: expected a comma-separated list of refused/],
      [["lint", "--ext", "json", clean], /--ext json: expected extensions such as \.json,\.jsonl/],
      [["lint", "--config", join(dir, "none.json"), clean], /cannot read the configuration .*none\.json: no such file/],
      [["lint", "--nope=1", clean], /Unknown argument: nope/],
      [["lint", "--route", "peeple", clean], /--route peeple: expected one of queryPeople, searchPeople/],
      [["lint", "--format", "xml", clean], /--format xml: expected one of stylish, json, sarif, junit, github/],
      [["lint", "--rule", "cost=loud", clean], /--rule cost=loud: expected ID=error\|warning\|info\|off/],
      [
        ["lint", "--rule", "nope=off", clean],
        /^tdss: --rule nope=off: no rule "nope"; docs\/rules\/ lists the rules$/m,
      ],
      [
        ["lint", "--rule", "fixed-set-valu=off", clean],
        /^tdss: --rule fixed-set-valu=off: no rule "fixed-set-valu" \(did you mean "fixed-set-value"\?\); docs/m,
      ],
      [["lint", "--write", clean], /--write needs --fix/],
      [["lint", "--fix", clean, senior], /--fix without --write takes one input/],
      [["lint", "--scopes", join(dir, "none.yaml"), clean], /cannot read the scope table/],
    ] as [string[], RegExp][]) {
      const r = await tdss(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toMatch(message);
      expect(r.stderr.split("\n")[0]!.startsWith("tdss: "), args.join(" ")).toBe(true);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe("");
    }
  });

  it("--scopes reads a YAML scope table and rejects a bad one", async () => {
    const current = file("current.json", '{"where": {"field": "is_current", "eq": true}, "size": 1}');
    expect((await tdss(["lint", current])).stdout).toContain("field-outside-scope");
    const table = file("scopes.yaml", "is_current: null\nskills: has_experience\n");
    expect((await tdss(["lint", current, "--scopes", table])).stdout).not.toContain("field-outside-scope");
    const bad = file("bad-scopes.yaml", "is_currnt: null\n");
    const r = await tdss(["lint", current, "--scopes", bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /bad-scopes\.yaml: scope table: "is_currnt" is not a people field \(did you mean "is_current"\?\)/,
    );
  });

  it("--quiet keeps errors only; --rule changes a severity", async () => {
    const q = await tdss(["lint", senior, "--quiet", "-f", "json"]);
    expect(JSON.parse(q.stdout).files[0].diagnostics.map((d: { ruleId: string }) => d.ruleId)).toEqual([
      "fixed-set-value",
    ]);
    const r = await tdss(["lint", senior, "--rule", "fixed-set-value=warning", "--rule", "cost=off", "-f", "json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).files[0].diagnostics.map((d: { severity: string }) => d.severity)).toEqual(["warning"]);
  });

  it("takes a query file's $schema as its editor's annotation, and a JSON Lines body's as a member", async () => {
    const body =
      '{"$schema": "./node_modules/tdss/schemas/people-query.schema.json", "where": {"field": "city", "eq": "x"}}';
    const annotated = file("annotated.json", body);
    expect(await tdss(["lint", "--rule", "cost=off", annotated])).toMatchObject({
      code: 0,
      stdout: "1 file checked, no problems.\n",
    });
    const line = await tdss(["lint", "--jsonl", "--rule", "cost=off", "-f", "json"], `${body}\n`);
    const found = JSON.parse(line.stdout).files[0].diagnostics.map((d: { ruleId: string; path: string }) => d.path);
    expect(found).toEqual(["/$schema"]);
  });

  it("--jsonl reads standard input line by line, with wrapped routes and real line numbers", async () => {
    const lines = [
      '{"where": {"field": "city", "eq": "Paris"}, "size": 1}',
      "",
      '{"route": "jobs", "body": {"where": {"field": "country", "eq": "US"}, "size": 1}}',
      '{"where": {"field": "city"',
      '{"body": {"text": ""}, "route": "searchPeople"}',
    ];
    const r = await tdss(["lint", "--jsonl", "-f", "json", "--rule", "cost=off"], lines.join("\n") + "\n");
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(doc.files).toHaveLength(1);
    expect(doc.files[0].file).toBe("-");
    expect(
      doc.files[0].diagnostics.map((d: { ruleId: string; line: number; column: number; path: string }) => [
        d.line,
        d.column,
        d.ruleId,
        d.path,
      ]),
    ).toEqual([
      [3, 64, "country-code", "/body/where/eq"],
      [4, 27, "invalid-json", ""],
      [5, 19, "nl-body", "/body/text"],
    ]);
    // An unknown route is a diagnostic of its line; the other lines are still reported.
    const unknown = await tdss(
      ["lint", "--jsonl", "-f", "json"],
      '{"route": "peeple", "body": {"where": {"field": "city", "eq": "x"}}}\n{"where": {"field": "citty", ' +
        '"eq": "x"}}\n',
    );
    expect(unknown.code).toBe(1);
    const found = JSON.parse(unknown.stdout).files[0].diagnostics.map(
      (d: { line: number; ruleId: string; message: string }) => [d.line, d.ruleId],
    );
    expect(found).toEqual([
      [1, "jsonl-route"],
      [1, "cost"],
      [2, "cost"],
      [2, "unknown-field"],
    ]);
    expect(JSON.parse(unknown.stdout).files[0].diagnostics[0].message).toMatch(/unknown route "peeple"/);
  });

  it("--jsonl finds bytes that are not UTF-8 on their own line", async () => {
    const path = file(
      "log.jsonl",
      Buffer.concat([Buffer.from('{"text": "ok"}\n{"text": "a'), Buffer.from([0xfe]), Buffer.from('"}\n')]),
    );
    const r = await tdss(["lint", "--jsonl", path, "-f", "json"]);
    const diagnostics = JSON.parse(r.stdout).files[0].diagnostics.filter(
      (d: { ruleId: string }) => d.ruleId !== "cost",
    );
    expect(
      diagnostics.map((d: { line: number; column: number; message: string }) => [d.line, d.column, d.message]),
    ).toEqual([[2, 12, "Not JSON: Not UTF-8: byte 0xFE at byte offset 11 (a JSON body must be UTF-8)."]]);
  });

  it("--fix prints the fixed document and reports on standard error", async () => {
    const messy = file("messy.json", '{\n  "where": {"all": [{"field": "city", "in": ["Paris"]}]},\n  "size": 1\n}\n');
    const r = await tdss(["lint", "--fix", messy]);
    expect(JSON.parse(r.stdout)).toEqual({ where: { field: "city", eq: "Paris" }, size: 1 });
    expect(r.stderr).toBe("1 file checked, no problems.\n");
    expect(r.code).toBe(0);
    expect(readFileSync(messy, "utf8")).toContain('"in"');
  });

  it("--fix-suggestions --write rewrites the file in place, leaving no temporary file", async () => {
    const path = file("write.json", '{"where": {"field": "management_level", "eq": "senior"}, "size": 1}');
    const r = await tdss(["lint", "--fix-suggestions", "--write", path]);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({
      where: { field: "management_level", eq: "Senior" },
      size: 1,
    });
    expect((await tdss(["lint", path, "-f", "json"])).stdout).not.toContain("fixed-set-value");
    expect(readdirSync(dir).filter((f) => f.includes(".tdss-"))).toEqual([]);
  });

  it("--fix-suggestions --write wraps part of a multi-line all in a scope, other lines kept as written", async () => {
    const lines = [
      "{",
      '  "where": {',
      '    "all": [',
      "      {",
      '        "field": "title",',
      '        "match": "engineer"',
      "      },",
      '      { "field": "country",   "eq": "France" },',
      "      {",
      '        "field": "company_name",',
      '        "eq": "Acme"',
      "      },",
      '      {"field": "city", "eq": "Paris"}',
      "    ]",
      "  },",
      '  "size": 1',
      "}",
      "",
    ];
    const path = file("partial-wrap.json", lines.join("\n"));
    const r = await tdss(["lint", "--fix-suggestions", "--write", path]);
    expect(r.code).toBe(0);
    const fixed = readFileSync(path, "utf8");
    expect(JSON.parse(fixed)).toEqual({
      where: {
        all: [
          {
            has_experience: {
              all: [
                { field: "title", match: "engineer" },
                { field: "company_name", eq: "Acme" },
              ],
            },
          },
          { field: "country", eq: "France" },
          { field: "city", eq: "Paris" },
        ],
      },
      size: 1,
    });
    // The untouched children and the lines around the all keep their text, spacing and line; the wrapped leaves
    // keep their own text inside the new scope.
    const out = fixed.split("\n");
    for (const kept of [0, 1, 2, 7, 12, 13, 14, 15, 16, 17]) expect(out).toContain(lines[kept]);
    expect(out.slice(0, 3)).toEqual(lines.slice(0, 3));
    expect(out.slice(-6)).toEqual(lines.slice(-6));
    expect(fixed).toContain('{\n        "field": "title",\n        "match": "engineer"\n      }');
    expect(fixed).toContain('{\n        "field": "company_name",\n        "eq": "Acme"\n      }');
    expect(fixed.length).toBeLessThan(lines.join("\n").length + 40);
  });

  it("wraps a whole multi-line all in a scope by two insertions, every byte of the all kept in place", async () => {
    const text = [
      "{",
      '  "where": {',
      '    "all": [',
      '      { "field": "title", "match": "engineer" },',
      '      { "field": "company_name", "eq": "Acme" }',
      "    ]",
      "  },",
      '  "size": 10',
      "}",
      "",
    ].join("\n");
    const path = file("whole-wrap.json", text);
    const at = text.indexOf('{\n    "all"');
    const end = text.indexOf("\n  },") + "\n  }".length;
    const report = await tdss(["lint", path, "-f", "json"]);
    type Reported = { ruleId: string; suggestions: { fix: { edits: unknown } }[] };
    const reported = JSON.parse(report.stdout).files[0].diagnostics as Reported[];
    const d = reported.find((x) => x.ruleId === "scope-siblings")!;
    expect(d.suggestions[0]!.fix.edits).toEqual([
      { range: [at, at], text: '{"has_experience":' },
      { range: [end, end], text: "}" },
    ]);
    const r = await tdss(["lint", "--fix-suggestions", "--write", path]);
    expect(r.code).toBe(0);
    expect(readFileSync(path, "utf8")).toBe(
      `${text.slice(0, at)}{"has_experience":${text.slice(at, end)}}${text.slice(end)}`,
    );
  });

  it("--fix --jsonl fixes line by line", async () => {
    const path = file(
      "fix.jsonl",
      '{"where": {"all": [{"field": "city", "eq": "Paris"}]}}\n{"route": "people", "body": {"where": ' +
        '{"field": "city", "in": ["Lyon"]}}}\n',
    );
    const r = await tdss(["lint", "--jsonl", "--fix", path]);
    // Each line is edited in place: its spacing and the wrapper stay as written.
    expect(r.stdout.split("\n")).toEqual([
      '{"where": {"field": "city", "eq": "Paris"}}',
      '{"route": "people", "body": {"where": {"field": "city", "eq": "Lyon"}}}',
      "",
    ]);
  });

  it("-o writes the report to a file, and leaves none behind when it cannot", async () => {
    const out = join(dir, "report.sarif");
    const r = await tdss(["lint", senior, "-f", "sarif", "-o", out]);
    expect(r.stdout).toBe("");
    expect(JSON.parse(readFileSync(out, "utf8")).version).toBe("2.1.0");
    const nowhere = join(dir, "no-such-dir", "report.json");
    const bad = await tdss(["lint", senior, "-o", nowhere]);
    expect(bad.code).toBe(2);
    expect(existsSync(nowhere)).toBe(false);
  });
});

describe("tdss lint as a process", () => {
  const bin = join(packageRoot(), "bin", "tdss.js");

  it("lints a file given on the command line and sets the exit status", () => {
    const r = spawnSync(process.execPath, [bin, "lint", senior, "--format", "json"], { encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).files[0].diagnostics.map((d: { ruleId: string }) => d.ruleId)).toEqual([
      "cost",
      "fixed-set-value",
    ]);
  });

  it("lints standard input", () => {
    const out = execFileSync(process.execPath, [bin, "lint", "-", "--cost"], {
      input: '{"where": {"field": "city", "eq": "Paris"}}',
      encoding: "utf8",
    });
    expect(out).toContain("-:1:1  info     [cost]");
  });
});
