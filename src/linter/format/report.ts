import type { Diagnostic } from "../../lint/types.js";

/** The diagnostics of one input: a file path, `-` for standard input. */
export interface FileReport {
  readonly file: string;
  /** Read as JSON Lines: each diagnostic's fix edits count in the text of its line. */
  readonly jsonl?: boolean;
  readonly diagnostics: readonly Diagnostic[];
  /** The text linted (after a byte order mark), when known: the github and sarif formats then span each token. */
  readonly text?: string;
}

export const FORMATS = ["stylish", "json", "sarif", "junit", "github"] as const;
export type FormatName = (typeof FORMATS)[number];
