import { describe, expect, it } from "vitest";
import { curlCommand } from "./curl.js";

describe("curlCommand", () => {
  it("lets the key placeholder expand and quotes everything else literally", () => {
    const cmd = curlCommand({
      method: "POST",
      url: "https://api.example.com/v1/people/query",
      headers: { authorization: "Bearer $TDSS_API_KEY", "x-note": "it's $HOME" },
      body: `{"where":{"field":"full_name","eq":"O'Brien"}}`,
    });
    expect(cmd).toBe(
      `curl -sS -X POST 'https://api.example.com/v1/people/query' -H "authorization: Bearer $TDSS_API_KEY" -H ` +
        `'x-note: it'\\''s $HOME' --data-raw '{"where":{"field":"full_name","eq":"O'\\''Brien"}}'`,
    );
  });

  it("escapes shell-active characters around a placeholder", () => {
    expect(
      curlCommand({
        method: "GET",
        url: "http://h/version",
        headers: { authorization: 'Bearer $TDSS_SECOND_API_KEY "`x`"' },
      }),
    ).toBe(`curl -sS -X GET 'http://h/version' -H "authorization: Bearer $TDSS_SECOND_API_KEY \\"\\\`x\\\`\\""`);
  });
});
