/**
 * npm run bench:lsp — the language server's speed (docs/editors.md), over a real `tdss lsp --stdio` child
 * process speaking JSON-RPC: the time from a change of a 200-node people query (one value edited, as a
 * keystroke does) to its diagnostics, and of a completion request inside the same query; side by side, `tdss
 * lint` of the same text, in-process (`lint()`) and as a command (a process per run, start-up included).
 * Targets, on the median (the 95th percentile is shown): diagnostics <= 20 ms after a change, completion <= 10 ms.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { CompletionItem, PublishDiagnosticsParams } from "vscode-languageserver";
import { createConnection, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver/node.js";
import { TextDocument } from "vscode-languageserver-textdocument";
import { lint } from "../src/linter/lint.js";
import { lintDocument } from "../src/lsp/diagnostics.js";
import { documentSettings } from "../src/lsp/settings.js";
import { TDSS } from "./support.js";

const ROUNDS = Number(process.env.BENCH_RUNS ?? 200);
const CLI_RUNS = 10;
const TARGET_DIAGNOSTICS_MS = 20;
const TARGET_COMPLETION_MS = 10;

const CITIES = ["Paris", "Lyon", "Berlin", "Madrid", "London", "Toronto", "Lisbon", "Vienna", "Oslo"];
const SKILLS = ["python", "go", "sql", "kubernetes", "react", "excel", "negotiation", "rust", "figma"];

/**
 * A 200-node query as a client writes one, one node a line: an `all` of 9 leaves and 19 groups, each an `any` of
 * 9 leaves (cities, skills, or titles within one experience), with three mistakes (a misspelt field, a fixed
 * value in the wrong case, an `in` of one value).
 */
function query(): string {
  const leaf = (field: string, op: string, value: unknown) =>
    `{"field": ${JSON.stringify(field)}, "${op}": ${JSON.stringify(value)}}`;
  const groups: string[] = [];
  for (let g = 0; g < 19; g++) {
    const leaves = Array.from({ length: 9 }, (_, i) => {
      if (g % 3 === 0) return leaf(g === 3 && i === 4 ? "citty" : "city", "eq", `${CITIES[i]} ${g}`);
      if (g % 3 === 1) return leaf("skills", "match", `${SKILLS[i]} ${g}`);
      return `{"has_experience": ${leaf("title", "match", `engineer ${g}-${i}`)}}`;
    });
    groups.push(`      {"any": [\n        ${leaves.join(",\n        ")}\n      ]}`);
  }
  const top = [
    leaf("management_level", "eq", "senior"),
    leaf("management_level", "in", ["Director"]),
    leaf("experience_months", "gte", 24),
    leaf("country", "eq", "France"),
    leaf("headline", "match", "data"),
    leaf("first_name", "exists", true),
    leaf("last_name", "exists", true),
    leaf("summary", "match", "search"),
    leaf("languages", "match", "French"),
  ].map((l) => `      ${l}`);
  return `{\n  "where": {\n    "all": [\n${[...top, ...groups].join(",\n")}\n    ]\n  },\n  "size": 10\n}\n`;
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;

const text = query();
const dir = mkdtempSync(join(tmpdir(), "tdss-bench-lsp-"));
const file = join(dir, "query.json");
writeFileSync(file, text);
const uri = pathToFileURL(file).href;

const child = spawn(process.execPath, [TDSS, "lsp", "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
const client = createConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
const waiting = new Map<number, () => void>();
let lastCount = -1;
client.onNotification("textDocument/publishDiagnostics", (p: PublishDiagnosticsParams) => {
  lastCount = p.diagnostics.length;
  waiting.get(p.version!)?.();
});
client.listen();
await client.sendRequest("initialize", {
  processId: process.pid,
  rootUri: pathToFileURL(dir).href,
  capabilities: {},
});
await client.sendNotification("initialized", {});

const published = (version: number) => new Promise<void>((resolve) => waiting.set(version, resolve));
let version = 1;
let opened = published(version);
await client.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "json", version, text } });
await opened;
const counted = lastCount;

// A keystroke: the value "Paris 9" of one leaf edited back and forth (Paris 9 <-> Parisx 9), an incremental change.
const document = TextDocument.create(uri, "json", 1, text);
const at = document.positionAt(text.indexOf('"Paris 9"') + 6);
const diagnosticsMs: number[] = [];
for (let i = 0; i < ROUNDS + 20; i++) {
  version++;
  const change =
    i % 2 === 0
      ? { range: { start: at, end: at }, text: "x" }
      : { range: { start: at, end: { line: at.line, character: at.character + 1 } }, text: "" };
  opened = published(version);
  const started = performance.now();
  await client.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [change] });
  await opened;
  if (i >= 20) diagnosticsMs.push(performance.now() - started);
}

const fieldAt = document.positionAt(text.indexOf('"field": "', text.length / 2) + 11);
const completionMs: number[] = [];
let offered = 0;
for (let i = 0; i < ROUNDS + 20; i++) {
  const started = performance.now();
  const items = await client.sendRequest<CompletionItem[]>("textDocument/completion", {
    textDocument: { uri },
    position: fieldAt,
  });
  if (i >= 20) completionMs.push(performance.now() - started);
  offered = items.length;
}
await client.sendRequest("shutdown");
await client.sendNotification("exit");
client.dispose();

const lintMs: number[] = [];
for (let i = 0; i < ROUNDS + 20; i++) {
  const started = performance.now();
  lint(text);
  if (i >= 20) lintMs.push(performance.now() - started);
}
// What the server does per change, in this process: the settings (configuration, ignores, route) and the lint.
const serverMs: number[] = [];
for (let i = 0; i < ROUNDS + 20; i++) {
  const started = performance.now();
  lintDocument(document, await documentSettings(file, text, dir));
  if (i >= 20) serverMs.push(performance.now() - started);
}
const cliMs: number[] = [];
for (let i = 0; i < CLI_RUNS + 1; i++) {
  const started = performance.now();
  const r = spawnSync(process.execPath, [TDSS, "lint", file], { encoding: "utf8" });
  if (r.status !== 0 && r.status !== 1) throw new Error(`tdss lint exited with ${r.status}: ${r.stderr}`);
  if (i > 0) cliMs.push(performance.now() - started);
}
rmSync(dir, { recursive: true, force: true });

console.log(
  `bench:lsp — a 200-node people query (${text.length} characters, ${counted} diagnostics shown), ` +
    `${ROUNDS} rounds after 20 warm-up; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores\n`,
);
const row = (name: string, values: number[], target?: number) => {
  const p50 = quantile(values, 0.5);
  const p95 = quantile(values, 0.95);
  const verdict = target === undefined ? "" : p50 <= target ? `<= ${target} ms  PASS` : `<= ${target} ms  FAIL`;
  console.log(`${name.padEnd(44)} ${p50.toFixed(2).padStart(8)} ms  ${p95.toFixed(2).padStart(8)} ms  ${verdict}`);
  return target === undefined || p50 <= target;
};
console.log(`${"".padEnd(44)} ${"median".padStart(11)}  ${"p95".padStart(11)}`);
const ok = [
  row("tdss lsp: change -> diagnostics published", diagnosticsMs, TARGET_DIAGNOSTICS_MS),
  row(`tdss lsp: completion (${offered} field names)`, completionMs, TARGET_COMPLETION_MS),
  row("  of which settings and lint, in-process", serverMs),
  row("lint() of the same text, in-process", lintMs),
  row(`tdss lint query.json (a process, ${CLI_RUNS} runs)`, cliMs),
].every(Boolean);
process.exit(ok ? 0 : 1);
