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
