/**
 * The route a document in the editor is linted for (docs/editors.md, "Which route"): its `$schema` member names
 * one of the query schemas (schemas/<dataset>-query.schema.json), else the configuration's `route` (and its
 * overrides), else its file name (`senior.jobs.json`, `ids.getProfiles.jsonl`, ...), else none and the linter infers it
 * from the body as `tdss lint` does.
 */
import { basename } from "node:path";
import { routeNames } from "../contract/routes.js";
import type { RouteName } from "../lint/types.js";

/** A `$schema` member naming a query schema, read without parsing (the text may be mid-edit). */
const SCHEMA_MEMBER = /"\$schema"\s*:\s*"([^"\\]*)"/;
const QUERY_SCHEMA = /(?:^|[/\\])(people|jobs|companies)-query\.schema\.json$/;

/** The dataset whose search schema the document's `$schema` member names. */
function routeFromSchema(text: string): RouteName | undefined {
  const member = SCHEMA_MEMBER.exec(text);
  const schema = member ? QUERY_SCHEMA.exec(member[1]!) : null;
  return schema ? (schema[1] as RouteName) : undefined;
}

/** The route a file name names before its extension: `senior.jobs.json`, `ids.getProfiles.jsonl` (not `jobs.json`). */
function routeFromFileName(file: string): RouteName | undefined {
  const parts = basename(file).split(".");
  if (parts.length < 3) return undefined;
  const name = parts[parts.length - 2]!;
  return routeNames().includes(name) ? (name as RouteName) : undefined;
}

/** The route in force: the `$schema` member, the configuration's, the file name's; undefined to infer it. */
export function documentRoute(
  file: string | undefined,
  text: string,
  configured: RouteName | undefined,
  jsonl: boolean,
): RouteName | undefined {
  // A JSON Lines file names its routes line by line (a wrapper's `route`), never in a `$schema` member.
  return (
    (jsonl ? undefined : routeFromSchema(text)) ??
    configured ??
    (file !== undefined ? routeFromFileName(file) : undefined)
  );
}
