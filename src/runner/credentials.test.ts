import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  Credentials,
  INACTIVE_KEY_PLACEHOLDER,
  KEY_PLACEHOLDER,
  keyEncodings,
  redactor,
  SECOND_KEY_PLACEHOLDER,
} from "./credentials.js";

const KEY = "svc_h0st/ile+k3y=t35t_9f8e7d6c";
const SECOND = "svc_second/key_0a1b2c3d4e5f";
const INACTIVE = "svc_inactive/key_9a8b7c6d5e4f";
const credentials = new Credentials(KEY, SECOND, INACTIVE);

/** True when any concrete encoding of the key is still in the text. */
function leaks(text: string, key = KEY): string[] {
  return Object.entries(keyEncodings(key)).flatMap(([name, spelled]) => (text.includes(spelled) ? [name] : []));
}

describe("key redaction", () => {
  it("replaces the key in every encoding a server may echo it in", () => {
    for (const [name, spelled] of Object.entries(keyEncodings(KEY))) {
      const text = `{"msg":"bad key ${spelled} (${name})"}`;
      const redacted = credentials.redact(text);
      expect(leaks(redacted), name).toEqual([]);
      expect(redacted, name).toContain(KEY_PLACEHOLDER);
    }
  });

  it("replaces spellings that mix encodings, escape twice or escape in upper case", () => {
    const spellings = [
      "svc_h0st\\/ile%2Bk3y%3dt35t_9f8e7d6c", // JSON slash, percent-encoding in both cases
      "svc_h0st\\\\\\/ile+k3y=t35t_9f8e7d6c", // JSON inside JSON
      "svc\\u005Fh0st\\u002file+k3y=t35t_9f8e7d6c", // \\u escapes in either case
      "svc_h0st%252File%252Bk3y%253Dt35t_9f8e7d6c", // percent-encoded twice
      "svc_h0st&#x2F;ile&#43;k3y&#61;t35t_9f8e7d6c", // HTML character references
      "svc\\_h0st/ile+k3y=t35t\\_9f8e7d6c", // Markdown-escaped underscores
    ];
    for (const s of spellings)
      expect(credentials.redact(`before ${s} after`), s).toBe(`before ${KEY_PLACEHOLDER} after`);
  });

  it("finds the key inside base64 of any text that holds it, at every offset (seeded)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), fc.boolean(), (before, after, url) => {
        const encoded = Buffer.from(`${before}${KEY}${after}`, "utf8").toString(url ? "base64url" : "base64");
        const redacted = credentials.redact(encoded);
        expect(redacted).toContain(KEY_PLACEHOLDER);
        // What is left cannot be decoded back to the key.
        expect(
          Buffer.from(redacted.replace(KEY_PLACEHOLDER, ""), url ? "base64url" : "base64").toString("utf8"),
        ).not.toContain(KEY);
      }),
      { seed: 20240611, numRuns: 200 },
    );
  });

  it("tells the three keys apart and leaves other text alone", () => {
    const plain = Buffer.from("hello world, nothing secret").toString("base64");
    const rest = `svc_other_key, https://x.example/a+b and ${plain}`;
    const escaped = INACTIVE.replaceAll("/", "\\/");
    const text = `Bearer ${KEY} and Bearer ${encodeURIComponent(SECOND)} and ${escaped}; ${rest}`;
    expect(credentials.redact(text)).toBe(
      `Bearer ${KEY_PLACEHOLDER} and Bearer ${SECOND_KEY_PLACEHOLDER} and ${INACTIVE_KEY_PLACEHOLDER}; ${rest}`,
    );
  });

  it("sends the inactive key only when one is configured", () => {
    expect(credentials.header("inactive")).toBe(`Bearer ${INACTIVE}`);
    expect(() => new Credentials(KEY, SECOND).header("inactive")).toThrow(/no inactive key configured/);
  });

  it("redacts every string of a value, member names too, keeping its shape", () => {
    const value = { [KEY]: [1, null, { msg: `x ${KEY.replaceAll("/", "\\/")}` }], n: 2, ok: true };
    expect(credentials.redactValue(value)).toEqual({
      [KEY_PLACEHOLDER]: [1, null, { msg: `x ${KEY_PLACEHOLDER}` }],
      n: 2,
      ok: true,
    });
  });

  it("keeps JSON valid when it redacts JSON text", () => {
    const json = JSON.stringify({ a: `k=${KEY}`, b: `"${KEY}"`, c: `\\${KEY}\\`, d: JSON.stringify({ inner: KEY }) });
    const redacted = credentials.redact(json);
    expect(leaks(redacted)).toEqual([]);
    expect(() => JSON.parse(redacted)).not.toThrow();
  });

  it("matches the key's letters and the escapes' in either case, outside ASCII too", () => {
    const upper = KEY.toUpperCase();
    expect(credentials.redact(`a ${upper} b`)).toBe(`a ${KEY_PLACEHOLDER} b`);
    expect(credentials.redact(`a ${KEY.replaceAll("/", "&#X2F;").replace("svc", "SvC")} b`)).toBe(
      `a ${KEY_PLACEHOLDER} b`,
    );
    expect(credentials.redact(`a ${KEY.replaceAll("/", "\\U002F")} b`)).toBe(`a ${KEY_PLACEHOLDER} b`);
    // An ASCII letter is never matched by a character outside ASCII whose upper case it is (ſ, ı, the Kelvin sign).
    const lookalike = KEY.replace("s", "\u017f").replace("i", "\u0131").replace("k", "\u212a");
    expect(credentials.redact(lookalike)).toBe(lookalike);
    const accented = "svc_clé_ÉTÉ_0a1b2c3d4e5f";
    const redact = redactor([{ key: accented, placeholder: KEY_PLACEHOLDER }]);
    expect(redact(`a ${accented.toUpperCase()} ${accented.toLowerCase()} b`)).toBe(
      `a ${KEY_PLACEHOLDER} ${KEY_PLACEHOLDER} b`,
    );
  });

  it("redacts a text without escapes as it redacts the same text beside one (seeded)", () => {
    // The escape after a space sends the text through the full pattern; the text alone has none to send it there.
    const escape = " %41";
    const pieces = [...Object.values(keyEncodings(KEY)), KEY.slice(3, 12), SECOND, INACTIVE.toUpperCase(), "_", "/"];
    const cased = fc
      .tuple(fc.constantFrom(...pieces), fc.boolean())
      .map(([piece, upper]) => (upper ? piece.toUpperCase() : piece.toLowerCase()));
    fc.assert(
      fc.property(
        fc.array(fc.oneof(cased, fc.constantFrom(...pieces), fc.string({ maxLength: 4 })), { maxLength: 8 }),
        (parts) => {
          const text = parts.join("");
          expect(credentials.redact(`${text}${escape}`)).toBe(`${credentials.redact(text)}${escape}`);
        },
      ),
      { seed: 20261127, numRuns: 500 },
    );
    expect(credentials.redact(`a ${KEY.toUpperCase()} b`)).toBe(`a ${KEY_PLACEHOLDER} b`);
  });

  it("makes one redaction for the same keys, and a new one for others", () => {
    const keys = [{ key: KEY, placeholder: KEY_PLACEHOLDER }];
    const first = redactor(keys);
    expect(redactor([{ ...keys[0]! }])).toBe(first);
    const other = redactor([{ key: SECOND, placeholder: SECOND_KEY_PLACEHOLDER }]);
    expect(other).not.toBe(first);
    expect(other(`${KEY} ${SECOND}`)).toBe(`${KEY} ${SECOND_KEY_PLACEHOLDER}`);
    const again = redactor(keys);
    expect(again(`${KEY} ${SECOND}`)).toBe(`${KEY_PLACEHOLDER} ${SECOND}`);
    expect(redactor([{ key: KEY, placeholder: SECOND_KEY_PLACEHOLDER }])(KEY)).toBe(SECOND_KEY_PLACEHOLDER);
  });

  it("does nothing without keys", () => {
    expect(redactor([])("text")).toBe("text");
  });
});
