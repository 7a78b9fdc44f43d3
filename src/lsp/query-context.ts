/**
 * The request around the cursor, for completion and hover: the text it is in (the document, or the line of a
 * JSON Lines file), the route it is sent to (as the linter picks it: the document's settings, a line's wrapper,
 * else inferred from its members and field names), and where the cursor is in it (src/lsp/cursor.ts).
 */
import type { Position } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { loadContract, type DatasetSpec, type SubRecord } from "../contract/index.js";
import type { BodyOperation } from "../contract/operations.js";
import { inferRoute, resolveRoute } from "../contract/routes.js";
import { cursorAt, plainValue, scanTree, type Cursor, type JsonObject } from "./cursor.js";
import type { DocumentSettings } from "./settings.js";

export interface QueryContext {
  readonly route: BodyOperation;
  readonly dataset: DatasetSpec;
  readonly cursor: Cursor;
  /** The cursor's path from the request body (a wrapped JSON Lines line's `body` left out). */
  readonly bodyPath: readonly (string | number)[];
  /** Where the text the cursor's offsets count in starts in the document. */
  readonly base: number;
}

/** A node of the body's `where` tree: the object is one, with the sub-record of the innermost scope around it. */
export interface NodePlace {
  readonly scope?: SubRecord;
}

export function queryContext(
  document: TextDocument,
  settings: DocumentSettings,
  position: Position,
): QueryContext | undefined {
  const offset = document.offsetAt(position);
  const base = settings.jsonl ? document.offsetAt({ line: position.line, character: 0 }) : 0;
  const text = settings.jsonl
    ? document.getText({ start: { line: position.line, character: 0 }, end: { line: position.line + 1, character: 0 } })
    : document.getText();
  const root = scanTree(text);
  const cursor = cursorAt(text, root, offset - base);
  if (!cursor) return undefined;
  let body = root;
  let skip = 0;
  let route = settings.options.route !== undefined ? resolveRoute(settings.options.route) : undefined;
  if (settings.jsonl && root?.kind === "object") {
    const keys = root.members.map((m) => m.key);
    const wrapper = root.members.find((m) => m.key === "body");
    if (wrapper && keys.every((k) => k === "body" || k === "route")) {
      body = wrapper.value;
      skip = 1;
      const named = root.members.find((m) => m.key === "route")?.value;
      if (named?.kind === "string") route = resolveRoute(named.text) ?? route;
    }
  }
  if (cursor.path.length < skip) return undefined;
  route ??= inferRoute(plainValue(body));
  return { route, dataset: loadContract().datasets[route.dataset], cursor, bodyPath: cursor.path.slice(skip), base };
}

/** Whether the object at a body path is a node of the `where` tree (§4.2 "Node forms"), and in which scope. */
export function nodePlace(context: QueryContext): NodePlace | undefined {
  const path = context.bodyPath;
  if (context.route.kind !== "search" || path[0] !== "where") return undefined;
  const scopes = context.dataset.scopes as Readonly<Record<string, SubRecord>>;
  let scope: SubRecord | undefined;
  for (let i = 1; i < path.length; i++) {
    const s = path[i]!;
    if ((s === "all" || s === "any") && typeof path[i + 1] === "number") i++;
    else if (s === "not") continue;
    else if (typeof s === "string" && Object.hasOwn(scopes, s)) scope = scopes[s];
    else return undefined;
  }
  return scope !== undefined ? { scope } : {};
}

/** The `field` a node names, when it names one. */
export function nodeField(object: JsonObject): string | undefined {
  const member = object.members.find((m) => m.key === "field");
  return member?.value?.kind === "string" ? member.value.text : undefined;
}
