import type { Path } from "./rule.js";

/** RFC 6901: the pointer of a path ("" is the whole document). */
export function encodePointer(path: Path): string {
  let out = "";
  for (const segment of path) {
    const s = typeof segment === "number" ? String(segment) : segment;
    out += "/" + (s.includes("~") || s.includes("/") ? s.replace(/~/g, "~0").replace(/\//g, "~1") : s);
  }
  return out;
}

/** RFC 6901: the segments of a pointer. Throws on a pointer that does not start with "/". */
export function decodePointer(pointer: string): string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new SyntaxError(`not a JSON Pointer: ${JSON.stringify(pointer)}`);
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}
