import { request } from "undici";
import { startReferenceServer } from "./dist/src/reference/server.js";
import { startGateway } from "./dist/src/gateway/server.js";
const up = await startReferenceServer({ people: 2000, jobs: 100, companies: 50 });
const gw = await startGateway({ upstream: up.url, port: 0 });
const body = JSON.stringify({ where: { field: "country_iso2", eq: "DE" }, size: 10 });
async function loop(url, n) { for (let i = 0; i < n; i++) { const r = await request(url + "/v1/people/query", { method: "POST", headers: { authorization: `Bearer ${up.keys.active}`, "content-type": "application/json" }, body }); await r.body.text(); } }
async function conc(url, c, n) { const t = performance.now(); await Promise.all(Array.from({ length: c }, () => loop(url, n))); return (c * n / ((performance.now() - t) / 1000)).toFixed(0); }
for (const c of [1, 2, 10]) console.log("c", c, "direct", await conc(up.url, c, 200), "gateway", await conc(gw.url, c, 200));
await gw.close(); await up.close();
