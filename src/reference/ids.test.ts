import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { IdCodec } from "./ids.js";

const secret = Buffer.from("a fixed test secret");

describe("IdCodec (s2-1-ids-opaque-strings)", () => {
  const codec = new IdCodec(secret, "generated:100:10:5");

  it("encodes rows as opaque, deterministic 22-character strings that decode back", () => {
    const ids = codec.encode("profile", [0, 1, 99, 123456]);
    expect(ids.every((id) => /^[A-Za-z0-9_-]{22}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(4);
    expect(new IdCodec(secret, "generated:100:10:5").encode("profile", [0, 1, 99, 123456])).toEqual(ids);
    expect(ids.map((id) => codec.decode("profile", id))).toEqual([0, 1, 99, 123456]);
  });

  it("does not resolve an ID of another kind or another dataset", () => {
    const [job] = codec.encode("job", [3]);
    expect(codec.decode("job", job!)).toBe(3);
    expect(codec.decode("profile", job!)).toBeUndefined();
    expect(new IdCodec(secret, "generated:200:10:5").decode("job", job!)).toBeUndefined();
    expect(new IdCodec(Buffer.from("another secret"), "generated:100:10:5").decode("job", job!)).toBeUndefined();
  });

  it("resolves no ID with any one character changed, never another record", () => {
    const [id] = codec.encode("company", [42]);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (let i = 0; i < id!.length; i++) {
      for (const c of alphabet) {
        if (c === id![i]) continue;
        expect(codec.decode("company", id!.slice(0, i) + c + id!.slice(i + 1))).toBeUndefined();
      }
    }
  });

  it("answers undefined for garbage without throwing", () => {
    for (const junk of [
      "",
      "x",
      "0".repeat(22),
      "!".repeat(22),
      randomBytes(16).toString("base64url"),
      "a".repeat(5000),
    ]) {
      expect(codec.decode("profile", junk)).toBeUndefined();
    }
  });
});

describe("IdCodec with per-call encryption (variant ids-encrypted-per-call, s2-1-id-stability-not-shown)", () => {
  const codec = new IdCodec(secret, "generated:100:10:5", "per-call");

  it("issues another opaque string for the same record on every call, each resolving to it", () => {
    const first = codec.encode("profile", [0, 7, 123456]);
    const second = codec.encode("profile", [0, 7, 123456]);
    expect([...first, ...second].every((id) => /^[A-Za-z0-9_-]{43}$/.test(id))).toBe(true);
    expect(new Set([...first, ...second]).size).toBe(6);
    expect([...first, ...second].map((id) => codec.decode("profile", id))).toEqual([0, 7, 123456, 0, 7, 123456]);
  });

  it("does not resolve an ID of another kind, another dataset or a deterministic codec", () => {
    const [job] = codec.encode("job", [3]);
    expect(codec.decode("job", job!)).toBe(3);
    expect(codec.decode("company", job!)).toBeUndefined();
    expect(new IdCodec(secret, "generated:200:10:5", "per-call").decode("job", job!)).toBeUndefined();
    expect(new IdCodec(secret, "generated:100:10:5").decode("job", job!)).toBeUndefined();
    expect(codec.decode("job", new IdCodec(secret, "generated:100:10:5").encode("job", [3])[0]!)).toBeUndefined();
  });

  it("resolves no ID with any one character changed, nonce or sealed bytes, never another record", () => {
    const [id] = codec.encode("company", [42]);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (let i = 0; i < id!.length; i++) {
      for (const c of alphabet) {
        if (c === id![i]) continue;
        expect(codec.decode("company", id!.slice(0, i) + c + id!.slice(i + 1))).toBeUndefined();
      }
    }
  });

  it("answers undefined for garbage without throwing", () => {
    for (const junk of ["", "x", "0".repeat(43), "!".repeat(43), randomBytes(32).toString("base64url")])
      expect(codec.decode("profile", junk)).toBeUndefined();
  });
});
