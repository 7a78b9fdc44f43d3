import { randomBytes } from "node:crypto";
import type { AuthMode } from "./types.js";

/** What replaces each key wherever text leaves the runner (console, reports, curl commands). */
export const KEY_PLACEHOLDER = "$TDSS_API_KEY";
export const SECOND_KEY_PLACEHOLDER = "$TDSS_SECOND_API_KEY";

/**
 * The run's keys and the Authorization header of each auth mode (§5). The one place that holds a key:
 * everything written out goes through `redact`, which replaces every occurrence of either key (also
 * inside a response that echoes it back).
 */
export class Credentials {
  private readonly unknownKey: string;

  constructor(
    readonly primary: string,
    readonly second?: string,
  ) {
    if (!primary) throw new Error("an API key is required");
    // Shaped like a real key (same prefix, e.g. svc_) so that only its value is wrong.
    const prefix = /^[A-Za-z]{1,10}_/.exec(primary)?.[0] ?? "";
    this.unknownKey = `${prefix}tdssunknown${randomBytes(12).toString("hex")}`;
  }

  /** The Authorization header value of an auth mode; undefined for `none`. */
  header(mode: AuthMode): string | undefined {
    switch (mode) {
      case "primary":
        return `Bearer ${this.primary}`;
      case "second":
        if (!this.second) throw new Error("no second key configured");
        return `Bearer ${this.second}`;
      case "none":
        return undefined;
      case "malformed":
        // The real key without the Bearer scheme: refused only if the scheme is honoured.
        return this.primary;
      case "unknown":
        return `Bearer ${this.unknownKey}`;
    }
  }

  /** The key a mode spends from, whose balance a Credit check reads. */
  balanceKey(mode: AuthMode): "primary" | "second" {
    return mode === "second" ? "second" : "primary";
  }

  redact(text: string): string {
    let out = text.split(this.primary).join(KEY_PLACEHOLDER);
    if (this.second) out = out.split(this.second).join(SECOND_KEY_PLACEHOLDER);
    return out;
  }

  /** Redacts every string inside a JSON-like value. */
  redactValue<T>(value: T): T {
    return JSON.parse(this.redact(JSON.stringify(value) ?? "null")) as T;
  }
}
