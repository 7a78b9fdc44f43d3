/**
 * npm run bench:lint — the linter's speed, measured side by side in one run:
 *   µs per document for bare JSON.parse, the native engine (line and column for every diagnostic)
 *   and the same rules run through Spectral, over a seeded corpus of 1,000 people queries of about
 *   32 nodes (about 15% with mistakes); then queries per second of `tdss lint --jsonl` reading
 *   standard input in a child process.
 * Targets: native >= 25x faster than Spectral, native <= 3x JSON.parse, --jsonl >= 20,000 q/s.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { packageRoot } from "../src/contract/root.js";
import { lint } from "../src/linter/lint.js";
import { spectralRuleset } from "../rules/spectral.js";
import { Document, JsonParser, Spectral } from "../src/contract/testing/spectral.js";

const DOCS = 1000;
const SEED = 20251121;

/** mulberry32: a small seeded PRNG, so the corpus is the same on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = prng(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
/** n different values (a repeated one would be a style diagnostic the corpus does not mean to have). */
function distinct<T>(xs: readonly T[], n: number): T[] {
  const pool = [...xs];
  const out: T[] = [];
  while (out.length < n) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}

const TITLES = [
  "engineer",
  "data scientist",
  "product manager",
  "designer",
  "sales director",
  "nurse",
  "teacher",
  "accountant",
];
const COMPANIES = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Stark Industries"];
const CITIES = ["Paris", "Lyon", "Berlin", "Madrid", "London", "New York", "Toronto"];
const COUNTRIES = ["France", "Germany", "Spain", "United Kingdom", "United States", "Canada"];
const SKILLS = ["python", "go", "sql", "kubernetes", "react", "excel", "negotiation"];
const LEVELS = ["Senior", "Manager", "Director", "Head", "Vice President"];
const SCHOOLS = ["MIT", "ETH Zurich", "Sorbonne", "Oxford"];

interface Node {
  [key: string]: unknown;
}

/** A realistic people query of about 32 nodes. */
function query(): { where: Node; size: number } {
  const [company1, company2] = distinct(COMPANIES, 2);
  const [level1, level2] = distinct(LEVELS, 2);
  const [city1, city2] = distinct(CITIES, 2);
  const experience: Node = {
    has_experience: {
      all: [
        { field: "title", match: pick(TITLES) },
        {
          any: [
            { field: "company_name", eq: company1 },
            { field: "company_name", eq: company2 },
          ],
        },
        { field: "is_current", eq: true },
        { field: "started_at", gte: `now-${int(6, 60)}m` },
        { field: "level", in: [level1, level2] },
      ],
    },
  };
  const education: Node = {
    has_education: {
      all: [
        { field: "institution_name", eq: pick(SCHOOLS) },
        { field: "graduation_year", gte: int(1990, 2020) },
        { field: "major", match: "computer science" },
      ],
    },
  };
  const language: Node = {
    has_language: {
      all: [
        { field: "languages", eq: "French" },
        { field: "language_proficiency", eq: "Native or bilingual proficiency" },
      ],
    },
  };
  const where: Node = {
    all: [
      {
        any: [
          { field: "city", in: [city1, city2] },
          { field: "country", eq: pick(COUNTRIES) },
        ],
      },
      experience,
      education,
      language,
      { field: "skills", in: distinct(SKILLS, 3) },
      { field: "management_level", eq: pick(LEVELS) },
      { field: "experience_months", gte: int(12, 120) },
      { not: { field: "headline", match: "intern" } },
      {
        any: [
          { field: "active_department", eq: "Engineering and Technical" },
          { field: "active_department", eq: "Product" },
        ],
      },
    ],
  };
  return { where, size: pick([10, 25, 50, 100]) };
}

/** One of the mistakes the linter exists for, put into a query. */
function mistake(q: { where: Node; size: number }): void {
  const all = q.where.all as Node[];
  switch (int(0, 7)) {
    case 0:
      all[5] = { field: "management_level", eq: "senior" };
      break;
    case 1:
      all[0] = { field: "country", eq: "FR" };
      break;
    case 2:
      all[4] = { field: "skill", in: ["python"] };
      break;
    case 3:
      all.push({ field: "city", match: "Paris" });
      break;
    case 4:
      all.push({ field: "is_current", eq: true });
      break;
    case 5:
      all[6] = { field: "experience_months", gte: 24, lte: 120 };
      break;
    case 6:
      ((all[1]!.has_experience as Node).all as Node[])[3] = { field: "started_at", gte: "2024-02-30" };
      break;
    default:
      q.size = 0;
  }
}

function corpus(): string[] {
  const out: string[] = [];
  for (let i = 0; i < DOCS; i++) {
    const q = query();
    if (random() < 0.15) mistake(q);
    out.push(JSON.stringify(q, null, 2));
  }
  return out;
}

function nodes(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + nodes(v), 0);
  if (value === null || typeof value !== "object") return 0;
  const o = value as Node;
  const self =
    "field" in o || "all" in o || "any" in o || "not" in o || Object.keys(o).some((k) => k.startsWith("has_")) ? 1 : 0;
  return self + Object.values(o).reduce((n: number, v) => n + nodes(v), 0);
}

/**
 * µs per document: the median over rounds of one pass over the corpus. The median (not the mean)
 * keeps a round in which another process took the CPU from deciding the figure; garbage collection
 * caused by the code measured stays in every round.
 */
function timePerDoc(docs: readonly string[], rounds: number, fn: (text: string) => unknown): number {
  for (const d of docs) fn(d); // warm-up
  const perRound: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (const d of docs) fn(d);
    perRound.push(Number(process.hrtime.bigint() - start) / 1000 / docs.length);
  }
  return median(perRound);
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function spectralPerDoc(docs: readonly string[]): Promise<number> {
  const spectral = new Spectral();
  spectral.setRuleset(spectralRuleset({ route: "queryPeople" }));
  for (const d of docs.slice(0, 20)) await spectral.run(new Document(d, JsonParser, "q.json"));
  const start = process.hrtime.bigint();
  for (const d of docs) await spectral.run(new Document(d, JsonParser, "q.json"));
  return Number(process.hrtime.bigint() - start) / 1000 / docs.length;
}

function jsonlPerSecond(
  lines: string,
  count: number,
  args: string[],
): Promise<{ qps: number; seconds: number; status: number | null }> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [join(packageRoot(), "bin", "tdss.js"), "lint", "--jsonl", ...args, "-"], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    let bytes = 0;
    child.stdout.on("data", (chunk: Buffer) => (bytes += chunk.length));
    child.on("error", reject);
    child.on("close", (status) => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      if (bytes === 0) reject(new Error("tdss lint --jsonl printed nothing"));
      else resolve({ qps: count === 0 ? 0 : count / seconds, seconds, status });
    });
    child.stdin.end(lines);
  });
}

async function main(): Promise<void> {
  const docs = corpus();
  const flagged = docs.filter((d) => lint(d, { route: "queryPeople" }).some((x) => x.severity !== "info")).length;
  const avgNodes = docs.reduce((n, d) => n + nodes(JSON.parse(d)), 0) / docs.length;
  const avgBytes = docs.reduce((n, d) => n + d.length, 0) / docs.length;
  const withDiagnostics = docs.filter((d) => lint(d, { route: "queryPeople" }).some((x) => x.ruleId !== "cost")).length;
  console.log(
    `corpus: ${docs.length} people queries, ${avgNodes.toFixed(1)} nodes and ${avgBytes.toFixed(0)} bytes on ` +
      `average; ` +
      `${((100 * flagged) / docs.length).toFixed(1)}% with a warning or an ` +
      `error, ${((100 * withDiagnostics) / docs.length).toFixed(1)}% with any diagnostic beyond cost ` +
      `(seed ${SEED})`,
  );

  const parse = timePerDoc(docs, 15, (t) => JSON.parse(t));
  const native = timePerDoc(docs, 15, (t) => {
    const found = lint(t, { route: "queryPeople" });
    for (const d of found)
      if (d.line === undefined || d.column === undefined) throw new Error("a diagnostic without line/column");
    return found;
  });
  const viaSpectral = await spectralPerDoc(docs);

  const compact = docs.map((d) => JSON.stringify(JSON.parse(d)));
  const lines = Array.from({ length: 50 }, () => compact.join("\n")).join("\n") + "\n";
  const queries = compact.length * 50;
  // The same command on empty input: what the process spends starting (Node, modules, the contract).
  const starts: number[] = [];
  for (let i = 0; i < 3; i++) starts.push((await jsonlPerSecond("", 0, ["--format", "json"])).seconds);
  const start = median(starts);
  const jsonl = await jsonlPerSecond(lines, queries, ["--format", "json"]);
  const steady = queries / (jsonl.seconds - start);

  const rows: [string, string, boolean | undefined][] = [
    ["JSON.parse", `${parse.toFixed(2)} µs/doc`, undefined],
    ["native lint (line/column for every diagnostic)", `${native.toFixed(2)} µs/doc`, undefined],
    ["same rules through Spectral", `${viaSpectral.toFixed(1)} µs/doc`, undefined],
    ["Spectral / native", `${(viaSpectral / native).toFixed(1)}x (target >= 25x)`, viaSpectral / native >= 25],
    ["native / JSON.parse", `${(native / parse).toFixed(2)}x (target <= 3x)`, native / parse <= 3],
    [
      `tdss lint --jsonl --format json, ${queries} queries on stdin`,
      `${Math.round(jsonl.qps)} queries/s in ${jsonl.seconds.toFixed(2)} s, process start included`,
      undefined,
    ],
    ["  process start (same command, empty input)", `${start.toFixed(2)} s`, undefined],
    ["  --jsonl throughput once started", `${Math.round(steady)} queries/s (target >= 20000)`, steady >= 20000],
  ];
  for (const [name, value, ok] of rows)
    console.log(`${ok === undefined ? "    " : ok ? "PASS" : "FAIL"}  ${name.padEnd(64)} ${value}`);
  if (rows.some(([, , ok]) => ok === false)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 2;
});
