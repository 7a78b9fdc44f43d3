import type { Diagnostic } from "../types.js";

/** The diagnostics of one input: a file path, `-` for standard input. */
export interface FileReport {
  readonly file: string;
  readonly diagnostics: readonly Diagnostic[];
}

export const FORMATS = ["stylish", "json", "sarif", "junit", "github"] as const;
export type FormatName = (typeof FORMATS)[number];
