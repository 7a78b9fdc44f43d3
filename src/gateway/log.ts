import { createWriteStream, type WriteStream } from "node:fs";
import { ruleIds } from "./blocked.js";
import type { Transport } from "./metrics.js";
import type { Verdict } from "./verdict.js";

/**
 * `--log FILE`: one JSON line per linted request. It holds rule ids and consequences only, never a key, a
 * header or a body value, so the log can be shared as it is.
 */
export class DecisionLog {
  private constructor(private readonly stream: WriteStream) {}

  /** Opens FILE for appending; rejects with the reason when it cannot be written. */
  static open(file: string): Promise<DecisionLog> {
    return new Promise((resolve, reject) => {
      const stream = createWriteStream(file, { flags: "a" });
      stream.once("open", () => resolve(new DecisionLog(stream)));
      stream.once("error", reject);
    });
  }

  write(transport: Transport, route: string, verdict: Verdict): void {
    const line = {
      time: new Date().toISOString(),
      transport,
      route,
      rules: ruleIds(verdict.diagnostics),
      consequence: verdict.worst,
      blocked: verdict.blocking.length > 0,
    };
    this.stream.write(`${JSON.stringify(line)}\n`);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.stream.end(resolve));
  }
}
