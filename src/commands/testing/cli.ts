/** Runs the CLI's main() in-process with standard output, error and input captured (for tests). */
import { Readable } from "node:stream";
import { vi } from "vitest";
import { main } from "../../cli.js";

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runCli(args: string[], stdin?: string | Buffer): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const o = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (out.push(String(chunk)), true));
  const e = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (err.push(String(chunk)), true));
  const original = Object.getOwnPropertyDescriptor(process, "stdin")!;
  if (stdin !== undefined)
    Object.defineProperty(process, "stdin", { value: Readable.from([Buffer.from(stdin)]), configurable: true });
  try {
    const code = await main(args);
    return { code, stdout: out.join(""), stderr: err.join("") };
  } finally {
    o.mockRestore();
    e.mockRestore();
    Object.defineProperty(process, "stdin", original);
  }
}
