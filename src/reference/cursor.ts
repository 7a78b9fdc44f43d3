import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { Dataset } from "../contract/index.js";

const DATASET_CODE: Readonly<Record<Dataset, number>> = { people: 1, jobs: 2, companies: 3 };
const VERSION = 1;
const BODY = 14; // version, dataset, offset (4), query hash (8)
const TAG = 16;

/**
 * Search cursors (s4-2-after-cursor-from-next): the offset of the next page, bound to the dataset and to the
 * canonical text of the query's `where`, and signed with an HMAC under the server secret. A cursor of another
 * query or dataset, or with any character changed, is refused at no cost.
 */
export class CursorCodec {
  private readonly key: Buffer;

  constructor(secret: Buffer) {
    this.key = createHash("sha256").update(secret).update("cursors").digest();
  }

  issue(dataset: Dataset, queryKey: string, offset: number): string {
    const body = Buffer.alloc(BODY);
    body[0] = VERSION;
    body[1] = DATASET_CODE[dataset];
    body.writeUInt32BE(offset, 2);
    createHash("sha256").update(queryKey).digest().copy(body, 6, 0, 8);
    return Buffer.concat([body, this.tag(body)]).toString("base64url");
  }

  /** The offset a cursor carries, or undefined when it is not a cursor this server issued for this query. */
  read(dataset: Dataset, queryKey: string, cursor: string): number | undefined {
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(cursor)) return undefined;
    const raw = Buffer.from(cursor, "base64url");
    if (raw.length !== BODY + TAG || raw.toString("base64url") !== cursor) return undefined;
    const body = raw.subarray(0, BODY);
    if (!timingSafeEqual(raw.subarray(BODY), this.tag(body))) return undefined;
    const hash = createHash("sha256").update(queryKey).digest().subarray(0, 8);
    if (body[0] !== VERSION || body[1] !== DATASET_CODE[dataset] || !body.subarray(6).equals(hash)) return undefined;
    return body.readUInt32BE(2);
  }

  private tag(body: Buffer): Buffer {
    return createHmac("sha256", this.key).update(body).digest().subarray(0, TAG);
  }
}
