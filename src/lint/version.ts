import { readFileSync } from "node:fs";
import { packageRoot } from "../contract/root.js";
import { join } from "node:path";

let version: string | undefined;

/** tdss's own version, from package.json. */
export function packageVersion(): string {
  return (version ??= (JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version: string })
    .version);
}
