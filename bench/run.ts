/**
 * npm run bench:run — the targets of the conformance runner (docs/benchmarks.md), measured side by side in one run:
 * - the wall time of `tdss run` over the full default suite against the embedded reference server, including the
 *   server's start (the real CLI, as a child process), at the default concurrency and at concurrency 1, and the
 *   Credits the run spent, read from its report.json;
 * - latency: the same suite against `tdss serve` (a child process) answering at once and 40 ms after every request,
 *   on a small dataset (where the network's waits dominate) and on the default one (production-sized, where the
 *   server's own work does), each beside its floor at 40 ms: the longest of (the run's longest chain of requests that
 *   wait for each other × 40 ms), (requests ÷ the key's rate limit) and (the same run answered at once: the work
 *   itself, which no latency can shorten). The run's own durationMs is compared, so that the start of a process is
 *   in none of them;
 * - the same at 40 ms on the small dataset under a key rate limit of RATE_LIMIT requests a second (REST and MCP
 *   alike, as a deployment has one), beside the floor the rate sets: requests ÷ the key's rate limit, or the chain if
 *   longer.
 */
import { DEMO_KEYS_ENV, startTdss, timedRun, type TimedRun } from "./support.js";

const TARGETS = { seconds: 20, credits: 250, floorRatio: 2 };
const LATENCY_MS = 40;
/** The key rate limit of the rate-limited run: requests per second, REST and MCP alike (`tdss serve --rate-limit`). */
const RATE_LIMIT = 100;

interface Report {
  readonly run: { readonly durationMs: number; readonly longestChain?: number };
  readonly summary: {
    total: number;
    passed: number;
    failed: number;
    skipped: number;
    creditsSpent: number;
    creditsEstimated: number;
    creditsLimit: number;
  };
  readonly cases: readonly { readonly requests: number }[];
  readonly observed: Readonly<Record<string, { readonly value?: unknown }>>;
}

type Measured = TimedRun<Report>;

/** The suite against `tdss serve --latency <ms>` on a dataset: the run's own duration, its chain and its requests. */
async function latencyRun(latencyMs: number, serve: readonly string[]): Promise<Measured> {
  const server = await startTdss(["serve", "--port", "0", "--latency", String(latencyMs), ...serve]);
  try {
    return await timedRun<Report>(["--base-url", server.url], { ...process.env, ...DEMO_KEYS_ENV });
  } finally {
    await server.stop();
  }
}

const verdict = (ok: boolean) => (ok ? "ok" : "MISSED");
const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(5)} s`;

/** The requests of a run's cases (a case's MCP session handshakes not counted, so a floor from them is the lower). */
const requestsOf = (report: Report) => report.cases.reduce((sum, c) => sum + c.requests, 0);

/**
 * A run at LATENCY_MS under a key rate limit of RATE_LIMIT a second, beside the floor of docs/benchmarks.md: the
 * longer of its longest chain × LATENCY_MS and its requests ÷ the key's rate limit.
 */
function rateLines(name: string, limited: Measured): { lines: string[]; ratio: number } {
  const chain = limited.report.run.longestChain ?? 0;
  const requests = requestsOf(limited.report);
  const terms = { chain: chain * LATENCY_MS, rate: (requests / RATE_LIMIT) * 1000 };
  const floorMs = Math.max(terms.chain, terms.rate);
  const ratio = limited.report.run.durationMs / floorMs;
  const s = limited.report.summary;
  return {
    ratio,
    lines: [
      `latency and a rate limit, ${name}: the run's own duration against tdss serve`,
      `  after ${LATENCY_MS} ms, ${RATE_LIMIT}/s      ${seconds(limited.report.run.durationMs)}   (exit ` +
        `${limited.exitCode}; ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped)`,
      `  floor                    ${seconds(floorMs)}   the longer of ${requests} requests ÷ ${RATE_LIMIT}/s ` +
        `(${seconds(terms.rate).trim()}) and ${chain} round trips in a chain × ${LATENCY_MS} ms ` +
        `(${seconds(terms.chain).trim()})`,
      `  ÷ floor                  ${ratio.toFixed(2).padStart(5)}x   target ≤ ${TARGETS.floorRatio}x` +
        `       ${verdict(ratio <= TARGETS.floorRatio)}`,
    ],
  };
}

/** The floor of a run at LATENCY_MS and its lines: the longest of the chain, the rate and the work itself. */
function latencyLines(name: string, atOnce: Measured, away: Measured): { lines: string[]; ratio: number } {
  const chain = away.report.run.longestChain ?? 0;
  const requests = requestsOf(away.report);
  const pacing = away.report.observed["rate_limit.pacing"]?.value as { requests_per_second?: number } | undefined;
  const perSecond = pacing?.requests_per_second;
  const terms = {
    chain: chain * LATENCY_MS,
    rate: perSecond ? (requests / perSecond) * 1000 : 0,
    work: atOnce.report.run.durationMs,
  };
  const floorMs = Math.max(terms.chain, terms.rate, terms.work);
  const binding = (Object.keys(terms) as (keyof typeof terms)[]).find((k) => terms[k] === floorMs)!;
  const ratio = away.report.run.durationMs / floorMs;
  const s = away.report.summary;
  const added = away.report.run.durationMs - atOnce.report.run.durationMs;
  return {
    ratio,
    lines: [
      `latency, ${name}: the run's own duration against tdss serve`,
      `  answers at once          ${seconds(terms.work)}   (exit ${atOnce.exitCode})`,
      `  answers after ${LATENCY_MS} ms     ${seconds(away.report.run.durationMs)}   (exit ${away.exitCode}; ` +
        `${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped)`,
      `  floor at ${LATENCY_MS} ms          ${seconds(floorMs)}   the longest of ${chain} round trips in a chain ` +
        `× ${LATENCY_MS} ms (${seconds(terms.chain).trim()}), ${requests} requests ÷ ` +
        `${perSecond ? `${perSecond}/s` : "no reported rate"} (${seconds(terms.rate).trim()}) and the run answered ` +
        `at once (${seconds(terms.work).trim()}): the ${binding} binds`,
      `  ${LATENCY_MS} ms ÷ floor            ${ratio.toFixed(2).padStart(5)}x   target ≤ ${TARGETS.floorRatio}x` +
        `       ${verdict(ratio <= TARGETS.floorRatio)}   (÷ the chain alone: ` +
        `${(away.report.run.durationMs / Math.max(1, terms.chain)).toFixed(2)}x)`,
      // What the latency itself cost, against the waits no schedule avoids: near 1x when independent requests
      // overlap and only the chain waits in turn, whatever the run's own work costs.
      `  what ${LATENCY_MS} ms added       ${seconds(added)}   ÷ the chain's own waits ` +
        `(${seconds(terms.chain).trim()}): ${(added / Math.max(1, terms.chain)).toFixed(2)}x`,
    ],
  };
}

/** A dataset small enough that the network's waits, not the server's work, make the run's time. */
const SMALL = ["--people", "300", "--jobs", "150", "--companies", "120"];

const parallel = await timedRun<Report>([]);
const serial = await timedRun<Report>(["--concurrency", "1"]);
const small = latencyLines(
  "small dataset (300 people)",
  await latencyRun(0, SMALL),
  await latencyRun(LATENCY_MS, SMALL),
);
const rateLimited = rateLines(
  "small dataset (300 people)",
  await latencyRun(LATENCY_MS, [...SMALL, "--rate-limit", String(RATE_LIMIT)]),
);
const production = latencyLines(
  "default dataset (120,000 people)",
  await latencyRun(0, []),
  await latencyRun(LATENCY_MS, []),
);

const s = parallel.report.summary;
const lines = [
  "tdss run: the full default suite against the embedded reference server (wall time includes the server's start)",
  `  default concurrency      ${parallel.seconds.toFixed(1).padStart(5)} s   target < ${TARGETS.seconds} ` +
    `s   ${verdict(parallel.seconds < TARGETS.seconds)}`,
  `  concurrency 1            ${serial.seconds.toFixed(1).padStart(5)} s   the default ` +
    `is ${(serial.seconds / parallel.seconds).toFixed(2)}x as fast`,
  `  Credits spent            ${String(s.creditsSpent).padStart(5)}     target ` +
    `< ${TARGETS.credits}      ${verdict(s.creditsSpent < TARGETS.credits)}   (worst case ` +
    `predicted ${s.creditsEstimated}, ` +
    `limit ${s.creditsLimit}; ${(s.creditsSpent / s.creditsEstimated).toFixed(2)} of the prediction)`,
  `  cases                    ${String(s.total).padStart(5)}     ${s.passed} passed, ${s.failed} ` +
    `failed, ${s.skipped} skipped (exit ${parallel.exitCode})`,
  "",
  ...small.lines,
  "",
  ...production.lines,
  "",
  ...rateLimited.lines,
];
process.stdout.write(`${lines.join("\n")}\n`);
const latencyOk = [small, production, rateLimited].every((l) => l.ratio <= TARGETS.floorRatio);
process.exitCode = parallel.seconds < TARGETS.seconds && s.creditsSpent < TARGETS.credits && latencyOk ? 0 : 1;
