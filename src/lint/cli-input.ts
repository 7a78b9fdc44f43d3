/** Reading what `tdss lint` is given: files, standard input, JSON Lines, a scope table. */
import { isUtf8 } from "node:buffer";
import { closeSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";
import { loadContract } from "../contract/index.js";
import { resolveRoute, routeNames } from "../contract/routes.js";
import { normalizeScopeOverrides } from "./scopes.js";
import type { LintableOperationId, ScopeOverrides } from "./types.js";

/** A user mistake in what the command was given (exit status 2). */
export class InputError extends Error {}

/** The most bytes `tdss lint` reads of one input (spec/catalog/limits.yaml, project.maxLintInputBytes). */
function maxInputBytes(): number {
  return loadContract().limits.project.maxLintInputBytes;
}

function tooLarge(file: string, limit: number): InputError {
  const name = file === "-" ? "standard input" : file;
  return new InputError(
    `${name} is larger than ${limit} bytes (${limit / 1048576} MiB), the most tdss lint reads of one input`,
  );
}

/**
 * One input's bytes, read up to the input cap: a larger file, or a stream that does not end
 * (/dev/zero), stops with an error naming the limit once one byte more than it has been read.
 */
export async function readInput(file: string, limit = maxInputBytes()): Promise<Buffer> {
  if (file === "-") return readStdin(limit);
  let fd: number | undefined;
  try {
    fd = openSync(file, "r");
    if (fstatSync(fd).isDirectory()) throw Object.assign(new Error("is a directory"), { code: "EISDIR" });
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 20, limit + 1 - size));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      size += n;
      if (size > limit) throw tooLarge(file, limit);
    }
    return Buffer.concat(chunks, size);
  } catch (error) {
    if (error instanceof InputError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "is a directory"
          : code === "EACCES"
            ? "permission denied"
            : (error as Error).message;
    throw new InputError(`cannot read ${file}: ${reason}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * A scope table file: a YAML or JSON mapping of people field to sub-record (or null). JSON is read as JSON;
 * the YAML parser is loaded only for a file that is not, so a lint without one never loads it.
 */
export async function readScopeTable(file: string): Promise<ScopeOverrides> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
    throw new InputError(`cannot read the scope table ${file}: ${why}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      value = (await import("yaml")).parse(text);
    } catch (error) {
      throw new InputError(`scope table ${file} is not YAML or JSON: ${(error as Error).message.split("\n")[0]}`);
    }
  }
  return scopeOverrides(file, value);
}

/** A scope table's value, checked: `file` names it in an error (its file, or a configuration's key). */
export function scopeOverrides(file: string, value: unknown): ScopeOverrides {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new InputError(
      `scope table ${file} must be a mapping of people field to sub-record (experience, education, language) or null`,
    );
  }
  const map = new Map<string, string | null>(Object.entries(value as Record<string, string | null>));
  try {
    normalizeScopeOverrides(loadContract().datasets.people, map);
  } catch (error) {
    throw new InputError(`${file}: ${(error as Error).message}`);
  }
  return map;
}

export interface JsonlRecord {
  /** 1-based line number in the file. */
  readonly line: number;
  /** The line as text, or its bytes when they are not UTF-8 (the linter reports where). */
  readonly input: string | Uint8Array;
  /** The route a `{"route", "body"}` wrapper names. */
  readonly route?: LintableOperationId;
  /** Set for a wrapped line: the body sits at /body. */
  readonly wrapped: boolean;
  /**
   * A wrapper's `route` names no route: reported as a diagnostic of the line (its body is linted with the route
   * inferred).
   */
  readonly routeError?: string;
}

const decoder = new TextDecoder("utf-8", { fatal: true });

/** The non-blank lines of a JSON Lines input; a line `{"route": ..., "body": ...}` wraps a request. */
export function jsonlRecords(bytes: Uint8Array): JsonlRecord[] {
  if (isUtf8(bytes)) return textRecords(decoder.decode(bytes));
  const records: JsonlRecord[] = [];
  let line = 0;
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    line++;
    const raw = bytes.subarray(start, end > start && bytes[end - 1] === 0x0d ? end - 1 : end);
    start = end + 1;
    let text: string;
    try {
      text = decoder.decode(raw);
    } catch {
      records.push({ line, input: raw, wrapped: false });
      continue;
    }
    if (text.trim() === "") continue;
    records.push(wrapper(line, text));
  }
  return records;
}

/** Lines of text already known to be UTF-8 (the usual case: one decode for the whole input). */
function textRecords(text: string): JsonlRecord[] {
  const records: JsonlRecord[] = [];
  let line = 0;
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    line++;
    const raw = text.slice(start, end > start && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end);
    start = end + 1;
    if (/^\s*$/.test(raw)) continue;
    records.push(wrapper(line, raw));
  }
  return records;
}

function wrapper(line: number, text: string): JsonlRecord {
  const plain = { line, input: text, wrapped: false };
  let first = 0;
  while (first < text.length && (text.charCodeAt(first) === 0x20 || text.charCodeAt(first) === 0x09)) first++;
  if (text.charCodeAt(first) !== 0x7b || !text.includes('"body"')) return plain;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return plain;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return plain;
  const keys = Object.keys(value);
  if (!keys.includes("body") || !keys.every((k) => k === "body" || k === "route")) return plain;
  const name = (value as { route?: unknown }).route;
  if (name === undefined) return { line, input: text, wrapped: true };
  const route = typeof name === "string" ? resolveRoute(name) : undefined;
  if (!route) {
    const shown = JSON.stringify(name);
    const routeError =
      `unknown route ${shown.length > 60 ? `${shown.slice(0, 57)}...` : shown}; expected one ` +
      `of ${routeNames().join(", ")}`;
    return { line, input: text, wrapped: true, routeError };
  }
  return { line, input: text, route: route.operationId, wrapped: true };
}

async function readStdin(limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of process.stdin) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size > limit) {
        process.stdin.destroy();
        throw tooLarge("-", limit);
      }
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot read standard input: ${(error as Error).message}`);
  }
  return Buffer.concat(chunks);
}
