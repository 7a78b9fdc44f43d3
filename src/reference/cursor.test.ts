import { describe, expect, it } from "vitest";
import { CursorCodec } from "./cursor.js";

describe("CursorCodec (s4-2-after-cursor-from-next)", () => {
  const codec = new CursorCodec(Buffer.from("secret"));
  const query = '{"field":"city","eq":"Berlin"}';

  it("carries an offset for the query it was issued for", () => {
    const cursor = codec.issue("people", query, 300);
    expect(codec.read("people", query, cursor)).toBe(300);
  });

  it("refuses a cursor of another query, dataset or server, or with a character changed", () => {
    const cursor = codec.issue("people", query, 300);
    expect(codec.read("people", '{"field":"city","eq":"Paris"}', cursor)).toBeUndefined();
    expect(codec.read("jobs", query, cursor)).toBeUndefined();
    expect(new CursorCodec(Buffer.from("other")).read("people", query, cursor)).toBeUndefined();
    for (let i = 0; i < cursor.length; i++) {
      const changed = cursor.slice(0, i) + (cursor[i] === "A" ? "B" : "A") + cursor.slice(i + 1);
      expect(codec.read("people", query, changed)).toBeUndefined();
    }
    expect(codec.read("people", query, "")).toBeUndefined();
    expect(codec.read("people", query, "not a cursor at all")).toBeUndefined();
  });
});
