import { createCipheriv, createDecipheriv, createHash } from "node:crypto";

export type IdKind = "profile" | "job" | "company";

const KIND_CODE: Readonly<Record<IdKind, number>> = { profile: 1, job: 2, company: 3 };
const BLOCK = 16;
const ID_LENGTH = 22; // base64url of one AES block
const MAGIC = 0x54;

/**
 * Opaque record IDs (s2-1-ids-opaque-strings): one AES-256 block holding a magic byte, the kind, the row and
 * ten bytes bound to the dataset, encrypted under a secret derived from the seed. The same record always has
 * the same ID (ECB over a single block is deterministic by design); an ID of another kind, another dataset or
 * with any character changed decrypts to a block whose bound bytes do not match (chance 2^-80), so it is
 * not_found, never another record (s7-unresolved-id-not-found-free).
 */
export class IdCodec {
  private readonly key: Buffer;
  private readonly binding: Buffer;

  /** `dataset` names the dataset (seed and sizes), so that an ID of another dataset does not resolve. */
  constructor(secret: Buffer, dataset: string) {
    this.key = createHash("sha256").update(secret).update("ids").digest();
    this.binding = createHash("sha256").update(secret).update(dataset).digest().subarray(0, 10);
  }

  encode(kind: IdKind, rows: readonly number[]): string[] {
    if (rows.length === 0) return [];
    const plain = Buffer.alloc(rows.length * BLOCK);
    rows.forEach((row, i) => {
      const at = i * BLOCK;
      plain[at] = MAGIC;
      plain[at + 1] = KIND_CODE[kind];
      plain.writeUInt32BE(row, at + 2);
      this.binding.copy(plain, at + 6);
    });
    const cipher = createCipheriv("aes-256-ecb", this.key, null).setAutoPadding(false);
    const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
    const out = new Array<string>(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = sealed.toString("base64url", i * BLOCK, (i + 1) * BLOCK);
    return out;
  }

  /** The row an ID of `kind` stands for, or undefined when it is not one this codec issued. */
  decode(kind: IdKind, id: string): number | undefined {
    if (typeof id !== "string" || id.length !== ID_LENGTH || !/^[A-Za-z0-9_-]+$/.test(id)) return undefined;
    const sealed = Buffer.from(id, "base64url");
    // Only the canonical spelling of the 16 bytes resolves; base64url has unused low bits in the last character.
    if (sealed.length !== BLOCK || sealed.toString("base64url") !== id) return undefined;
    const decipher = createDecipheriv("aes-256-ecb", this.key, null).setAutoPadding(false);
    const plain = Buffer.concat([decipher.update(sealed), decipher.final()]);
    if (plain[0] !== MAGIC || plain[1] !== KIND_CODE[kind] || !plain.subarray(6).equals(this.binding)) return undefined;
    return plain.readUInt32BE(2);
  }
}
