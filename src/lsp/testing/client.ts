/**
 * A language client for the protocol tests: a real JSON-RPC exchange with the server over two in-memory
 * streams, each side a vscode-languageserver connection (the client side only sends requests and notifications
 * and listens for the server's).
 */
import { PassThrough } from "node:stream";
import { pathToFileURL } from "node:url";
import {
  createConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type Connection,
} from "vscode-languageserver/node.js";
import type { Diagnostic, PublishDiagnosticsParams, TextEdit } from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { startServer } from "../server.js";

export interface TestClient {
  readonly connection: Connection;
  /** Opens a document (a file path, or an `untitled:` URI) and resolves to its first published diagnostics. */
  open(file: string, text: string): Promise<Diagnostic[]>;
  /** Replaces a document's text and resolves to the diagnostics published for the new version. */
  change(file: string, text: string): Promise<Diagnostic[]>;
  uri(file: string): string;
  /** Resolves to the next diagnostics published for a document, whatever its version. */
  next(file: string): Promise<Diagnostic[]>;
  close(): void;
}

export async function startClient(rootFolder?: string): Promise<TestClient> {
  const up = new PassThrough();
  const down = new PassThrough();
  startServer(createConnection(new StreamMessageReader(up), new StreamMessageWriter(down)));
  const connection = createConnection(new StreamMessageReader(down), new StreamMessageWriter(up));
  const waiting = new Map<string, { version?: number; resolve: (d: Diagnostic[]) => void }>();
  connection.onNotification("textDocument/publishDiagnostics", (p: PublishDiagnosticsParams) => {
    const w = waiting.get(p.uri);
    if (w && (w.version === undefined || p.version === w.version)) {
      waiting.delete(p.uri);
      w.resolve(p.diagnostics);
    }
  });
  connection.listen();
  const root = rootFolder ? pathToFileURL(rootFolder).href : null;
  await connection.sendRequest("initialize", {
    processId: null,
    rootUri: root,
    capabilities: {},
    workspaceFolders: root ? [{ uri: root, name: "test" }] : null,
  });
  await connection.sendNotification("initialized", {});
  const versions = new Map<string, number>();
  const uri = (file: string) => (file.includes(":") ? file : pathToFileURL(file).href);
  const published = (u: string, version?: number) =>
    new Promise<Diagnostic[]>((resolve) => waiting.set(u, { version, resolve }));
  return {
    connection,
    uri,
    next: (file) => published(uri(file)),
    async open(file, text) {
      const u = uri(file);
      versions.set(u, 1);
      const result = published(u, 1);
      const languageId = file.endsWith(".jsonl") ? "jsonl" : "json";
      await connection.sendNotification("textDocument/didOpen", {
        textDocument: { uri: u, languageId, version: 1, text },
      });
      return result;
    },
    async change(file, text) {
      const u = uri(file);
      const version = (versions.get(u) ?? 1) + 1;
      versions.set(u, version);
      const result = published(u, version);
      await connection.sendNotification("textDocument/didChange", {
        textDocument: { uri: u, version },
        contentChanges: [{ text }],
      });
      return result;
    },
    close() {
      connection.dispose();
      up.end();
      down.end();
    },
  };
}

/** A text with editor edits applied (as a client applies a workspace edit to a document). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create("file:///x", "json", 1, text), [...edits]);
}

/** The position of the first occurrence of `needle` in `text`, plus `shift` characters. */
export function positionOf(text: string, needle: string, shift = 0): { line: number; character: number } {
  const offset = text.indexOf(needle);
  if (offset < 0) throw new Error(`${needle} is not in the text`);
  return TextDocument.create("file:///x", "json", 1, text).positionAt(offset + shift);
}
