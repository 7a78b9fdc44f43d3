import { describe, expect, it } from "vitest";
import { findEmail, findPhone, scanForContactData } from "./privacy-scan.js";

describe("contact data detection (§1)", () => {
  it.each(["+44 20 7946 0958", "(415) 555-2671", "415.555.2671", "+4915112345678", "06 12 34 56 78", "030-12345678"])(
    "finds the phone number %s",
    (phone) => {
      expect(findPhone(`Call me on ${phone} after six`)).toBeDefined();
    },
  );

  it.each([
    "2015 - 2019",
    "2015-03 - 2019-11",
    "Jan 2019 to 2021",
    "Led a team of 12 across 3 sites",
    "2021-05-01",
    "1999 2004 2010",
    "ISO 27001",
    "5001-10000",
    "10001 - 50000 employees",
  ])("does not take %s for a phone number", (text) => {
    expect(findPhone(text)).toBeUndefined();
  });

  it("finds e-mail addresses", () => {
    expect(findEmail("write to ada.lovelace+cv@mail.example.co.uk today")).toBe("ada.lovelace+cv@mail.example.co.uk");
    expect(findEmail("C# and F@ scripting")).toBeUndefined();
  });

  it("scans prose members, nested, and leaves identifiers and links alone", () => {
    const record = {
      profile_id: "A1234567890123",
      linkedin_url: "https://www.linkedin.com/in/x",
      headline: "Engineer",
      experience: [{ title: "CTO", description: "ping me: cto@example.com" }],
      summary: "Mobile +1 415 555 2671",
    };
    expect(scanForContactData(record)).toEqual([
      { path: "/experience/0/description", kind: "e-mail address", match: "cto@example.com" },
      { path: "/summary", kind: "phone number", match: "+1 415 555 2671" },
    ]);
  });
});
