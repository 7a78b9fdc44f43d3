/**
 * `tdss lsp`: the linter as a Language Server Protocol server (docs/editors.md). It keeps the open documents
 * (vscode-languageserver's TextDocuments), lints each on open and on every change, and answers quick fixes,
 * "fix all", completion and hover from the latest lint of the document.
 */
import { fileURLToPath } from "node:url";
import { TextDocument } from "vscode-languageserver-textdocument";
import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type InitializeResult,
} from "vscode-languageserver";
import { packageVersion } from "../lint/version.js";
import { codeActions, FIX_ALL } from "./code-actions.js";
import { complete } from "./completion.js";
import { lintDocument, type LintedDocument } from "./diagnostics.js";
import { hover } from "./hover.js";
import { documentSettings, workingFolder } from "./settings.js";
import { CONFIG_FILES } from "../linter/config-file.js";

/** The file a document URI names; undefined for an unsaved buffer (`untitled:`) or another scheme. */
function uriFile(uri: string): string | undefined {
  if (!uri.startsWith("file:")) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** The open documents and their latest lint. */
export class Workspace {
  readonly documents = new TextDocuments(TextDocument);
  private readonly linted = new Map<string, LintedDocument>();
  folders: string[] = [];

  /** Lints a document at its current version (once a version: a second call returns the first lint). */
  async lint(document: TextDocument): Promise<LintedDocument> {
    const cached = this.linted.get(document.uri);
    if (cached?.version === document.version) return cached;
    const file = uriFile(document.uri);
    const settings = await documentSettings(file, document.getText(), workingFolder(file, this.folders));
    const linted = lintDocument(document, settings);
    // A later version may have been linted while the configuration was read: keep the newest.
    const latest = this.linted.get(document.uri);
    if (!latest || latest.version <= linted.version) this.linted.set(document.uri, linted);
    return linted;
  }

  forget(uri: string): void {
    this.linted.delete(uri);
  }

  /** Forgets every lint: the configuration, a scope table or .tdssignore may have changed. */
  forgetAll(): void {
    this.linted.clear();
  }
}

/** Files whose change can change how every document is linted (docs/editors.md, "Configuration"). */
const SETTINGS_FILES = [...CONFIG_FILES, "package.json", ".tdssignore"];
const isSettingsFile = (uri: string) => SETTINGS_FILES.some((name) => uri.endsWith(`/${name}`)) || /\.ya?ml$/.test(uri);

/** Serves one client over `connection` until it exits. */
export function startServer(connection: Connection): Workspace {
  const workspace = new Workspace();
  const { documents } = workspace;

  let watchable = false;
  connection.onInitialize((params): InitializeResult => {
    watchable = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    const folders = params.workspaceFolders?.map((f) => uriFile(f.uri)) ?? [
      params.rootUri ? uriFile(params.rootUri) : undefined,
    ];
    workspace.folders = folders.filter((f): f is string => f !== undefined);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL] },
        completionProvider: { triggerCharacters: ['"', ":", "[", ","] },
        hoverProvider: true,
      },
      serverInfo: { name: "tdss", version: packageVersion() },
    };
  });

  const publish = async (document: TextDocument) => {
    const linted = await workspace.lint(document);
    // Only the newest version is published: an older lint finishing late must not replace it.
    if (documents.get(document.uri)?.version !== linted.version) return;
    await connection.sendDiagnostics({
      uri: document.uri,
      version: linted.version,
      diagnostics: linted.findings.map((f) => f.shown),
    });
  };
  documents.onDidChangeContent((change) => void publish(change.document).catch(report(connection)));
  // A change of the configuration (saved in the editor, or seen by the client's file watcher) lints every open
  // document again.
  const relintAll = () => {
    workspace.forgetAll();
    for (const document of documents.all()) void publish(document).catch(report(connection));
  };
  documents.onDidSave((event) => {
    if (isSettingsFile(event.document.uri)) relintAll();
  });
  connection.onDidChangeWatchedFiles((params) => {
    if (params.changes.some((c) => isSettingsFile(c.uri))) relintAll();
  });
  connection.onInitialized(() => {
    if (!watchable) return;
    const watchers = [...SETTINGS_FILES, "*.{yaml,yml}"].map((name) => ({ globPattern: `**/${name}` }));
    void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers }).catch(report(connection));
  });
  documents.onDidClose((event) => {
    workspace.forget(event.document.uri);
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] }).catch(report(connection));
  });

  /** The latest lint of an open document, for a request about it; undefined for a document not open. */
  const latest = async (uri: string) => {
    const document = documents.get(uri);
    return document ? { document, linted: await workspace.lint(document) } : undefined;
  };
  connection.onCodeAction(async (params) => {
    const open = await latest(params.textDocument.uri);
    return open ? codeActions(open.document, open.linted, params) : [];
  });
  connection.onCompletion(async (params) => {
    const open = await latest(params.textDocument.uri);
    return open ? complete(open.document, open.linted, params.position) : [];
  });
  connection.onHover(async (params) => {
    const open = await latest(params.textDocument.uri);
    return open ? hover(open.document, open.linted, params.position) : null;
  });

  documents.listen(connection);
  connection.listen();
  return workspace;
}

/** An unexpected failure is logged to the client's output, never written to standard output (the protocol's). */
function report(connection: Connection): (error: unknown) => void {
  return (error) => connection.console.error(`tdss lsp: ${(error as Error).stack ?? String(error)}`);
}
