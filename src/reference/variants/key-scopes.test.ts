import { describe, expect, it } from "vitest";
import { startReferenceServer } from "../server.js";

describe("auth-key-without-companies-scope: keys holding every scope but companies:read", () => {
  it("key status lists the scopes held, and only the companies routes refuse the key, with 403", async () => {
    const server = await startReferenceServer({
      people: 50,
      jobs: 5,
      companies: 5,
      variant: "auth-key-without-companies-scope",
    });
    try {
      const send = async (method: string, path: string, body?: unknown) => {
        const response = await fetch(`${server.url}${path}`, {
          method,
          headers: { Authorization: `Bearer ${server.keys.active}`, "Content-Type": "application/json" },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: response.status, json: (await response.json()) as { data: Record<string, unknown> } };
      };
      const status = await send("GET", "/auth/key/status");
      expect(status.status).toBe(200);
      expect(status.json.data.scopes).toEqual(["people:read", "jobs:read"]);
      const where = { field: "name", exists: true };
      expect((await send("POST", "/v1/companies/query", { where, size: 1 })).status).toBe(403);
      expect((await send("POST", "/entity/v1/companies/detail-by-id", { company_ids: ["x"] })).status).toBe(403);
      expect((await send("POST", "/v1/jobs/query", { where: { field: "title", exists: true }, size: 1 })).status).toBe(
        200,
      );
    } finally {
      await server.close();
    }
  });
});
