import { Counter, Histogram, Registry } from "prom-client";
import type { Verdict } from "./verdict.js";

export type Transport = "rest" | "mcp";
/** What became of a request: answered by the gateway, forwarded, passed through unlinted, or failed upstream. */
export type Outcome = "blocked" | "forwarded" | "unlinted" | "upstream_error";

/** The gateway's Prometheus metrics, in a registry of its own (GET /metrics). */
export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: "tdss_gateway_requests_total",
    help: "Requests by transport, route and outcome (blocked, forwarded, unlinted, upstream_error)",
    labelNames: ["transport", "route", "outcome"],
    registers: [this.registry],
  });
  private readonly findings = new Counter({
    name: "tdss_gateway_diagnostics_total",
    help: "Lint diagnostics found in requests, by route, rule and consequence, blocked or not",
    labelNames: ["route", "rule", "consequence", "blocked"],
    registers: [this.registry],
  });
  private readonly mistakes = new Counter({
    name: "tdss_gateway_mistakes_caught_total",
    help: "Blocked requests the service would have refused or answered with nothing (free upstream), by route",
    labelNames: ["route", "consequence"],
    registers: [this.registry],
  });
  private readonly credits = new Counter({
    name: "tdss_gateway_credits_averted_total",
    help: "Most Credits (§8) blocked requests could have cost, for requests the service would have served and billed",
    labelNames: ["route"],
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: "tdss_gateway_upstream_seconds",
    help: "Time to the upstream's response headers, by transport and route",
    labelNames: ["transport", "route"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  request(transport: Transport, route: string, outcome: Outcome): void {
    this.requests.inc({ transport, route, outcome });
  }

  linted(route: string, verdict: Verdict): void {
    const blocked = verdict.blocking.length > 0;
    for (const d of verdict.diagnostics)
      this.findings.inc({ route, rule: d.ruleId, consequence: d.consequence, blocked: String(blocked) });
    if (!blocked) return;
    if (verdict.creditsAverted > 0) this.credits.inc({ route }, verdict.creditsAverted);
    else this.mistakes.inc({ route, consequence: verdict.worst });
  }

  upstream(transport: Transport, route: string, seconds: number): void {
    this.latency.observe({ transport, route }, seconds);
  }
}
