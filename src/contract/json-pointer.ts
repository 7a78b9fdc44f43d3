/** RFC 6901 (JavaScript Object Notation (JSON) Pointer): the one escaping of a reference token in tdss. */
function unescape(token: string): string {
  return token.replaceAll("~1", "/").replaceAll("~0", "~");
}

export function escapeToken(token: string): string {
  return token.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** The value at a pointer, or undefined when any step of it is missing. */
export function getPointer(document: unknown, pointer: string): unknown {
  if (pointer === "") return document;
  let value = document;
  for (const token of pointer.slice(1).split("/").map(unescape)) {
    if (Array.isArray(value) && /^(0|[1-9]\d*)$/.test(token)) value = value[Number(token)];
    else if (value !== null && typeof value === "object" && !Array.isArray(value) && Object.hasOwn(value, token))
      value = (value as Record<string, unknown>)[token];
    else return undefined;
  }
  return value;
}

export function hasPointer(document: unknown, pointer: string): boolean {
  if (pointer === "") return true;
  const parent = getPointer(document, pointer.slice(0, pointer.lastIndexOf("/")));
  const token = unescape(pointer.slice(pointer.lastIndexOf("/") + 1));
  if (Array.isArray(parent)) return /^(0|[1-9]\d*)$/.test(token) && Number(token) < parent.length;
  return parent !== null && typeof parent === "object" && Object.hasOwn(parent, token);
}

/** RFC 6901: the pointer of a path of member names and array indexes ("" is the whole document). */
export function encodePointer(path: readonly (string | number)[]): string {
  let out = "";
  for (const segment of path) out += "/" + escapeToken(String(segment));
  return out;
}

/** RFC 6901: the reference tokens of a pointer. Throws on a pointer that does not start with "/". */
export function decodePointer(pointer: string): string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new SyntaxError(`not a JSON Pointer: ${JSON.stringify(pointer)}`);
  return pointer.slice(1).split("/").map(unescape);
}
