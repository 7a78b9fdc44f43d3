#!/usr/bin/env node
import { existsSync } from "node:fs";

// A package from `npm pack` ships dist/; a clone builds it (`npm run build`, or `npm start`, `npm test`).
const cli = new URL("../dist/src/cli.js", import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write("tdss: not built yet: run `npm run build` in the tdss folder first\n");
  process.exit(2);
}
// A reader that stops reading (`tdss serve --list-mutants | head`) ends the output, not the command with a stack
// trace: stop quietly, as other command-line tools do; any other failure to write is one line.
process.stdout.on("error", (error) => {
  if (error.code !== "EPIPE") process.stderr.write(`tdss: cannot write to standard output: ${error.message}\n`);
  process.exit(error.code === "EPIPE" ? (process.exitCode ?? 0) : 2);
});
const { main } = await import(cli.href);

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`tdss: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
