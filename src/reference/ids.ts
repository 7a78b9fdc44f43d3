import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

export type IdKind = "profile" | "job" | "company";

const KIND_CODE: Readonly<Record<IdKind, number>> = { profile: 1, job: 2, company: 3 };
const BLOCK = 16;
const ID_LENGTH = 22; // base64url of one AES block
const NONCE = 12;
const TAG = 16;
const SEALED_LENGTH = 43; // base64url of a GCM nonce, the row's 4 encrypted bytes and the tag
const MAGIC = 0x54;

/** How IDs are encrypted: `deterministic` (the reference) or `per-call` (a fresh random nonce in every ID issued). */
export type IdEncryption = "deterministic" | "per-call";

/**
 * Opaque record IDs (s2-1-ids-opaque-strings): one AES-256 block holding a magic byte, the kind, the row and
 * ten bytes bound to the dataset, encrypted under a secret derived from the seed. The same record always has
 * the same ID (ECB over a single block is deterministic by design); an ID of another kind, another dataset or
 * with any character changed decrypts to a block whose bound bytes do not match (chance 2^-80), so it is
 * not_found, never another record (s7-unresolved-id-not-found-free).
 *
 * `per-call` encryption is what a deployment using randomized encryption answers (Fernet, AES-GCM with a random
 * nonce; variant `ids-encrypted-per-call`, clause s2-1-id-stability-not-shown): every ID issued is the row sealed by
 * AES-256-GCM under a fresh random nonce, with the kind and the dataset's bound bytes as associated data, so one
 * record gets another ID string each time and each of them resolves to it; any change fails the tag, so not_found.
 */
export class IdCodec {
  private readonly key: Buffer;
  private readonly binding: Buffer;

  /** `dataset` names the dataset (seed and sizes), so that an ID of another dataset does not resolve. */
  constructor(
    secret: Buffer,
    dataset: string,
    private readonly encryption: IdEncryption = "deterministic",
  ) {
    this.key = createHash("sha256").update(secret).update("ids").digest();
    this.binding = createHash("sha256").update(secret).update(dataset).digest().subarray(0, 10);
  }

  encode(kind: IdKind, rows: readonly number[]): string[] {
    if (rows.length === 0) return [];
    if (this.encryption === "per-call") return rows.map((row) => this.seal(kind, row));
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
    if (this.encryption === "per-call") return this.open(kind, id);
    if (typeof id !== "string" || id.length !== ID_LENGTH || !/^[A-Za-z0-9_-]+$/.test(id)) return undefined;
    const sealed = Buffer.from(id, "base64url");
    // Only the canonical spelling of the 16 bytes resolves; base64url has unused low bits in the last character.
    if (sealed.length !== BLOCK || sealed.toString("base64url") !== id) return undefined;
    const decipher = createDecipheriv("aes-256-ecb", this.key, null).setAutoPadding(false);
    const plain = Buffer.concat([decipher.update(sealed), decipher.final()]);
    if (plain[0] !== MAGIC || plain[1] !== KIND_CODE[kind] || !plain.subarray(6).equals(this.binding)) return undefined;
    return plain.readUInt32BE(2);
  }

  private associated(kind: IdKind): Buffer {
    return Buffer.concat([Buffer.of(MAGIC, KIND_CODE[kind]), this.binding]);
  }

  private seal(kind: IdKind, row: number): string {
    const nonce = randomBytes(NONCE);
    const cipher = createCipheriv("aes-256-gcm", this.key, nonce).setAAD(this.associated(kind));
    const plain = Buffer.alloc(4);
    plain.writeUInt32BE(row);
    const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString("base64url");
  }

  private open(kind: IdKind, id: string): number | undefined {
    if (typeof id !== "string" || id.length !== SEALED_LENGTH || !/^[A-Za-z0-9_-]+$/.test(id)) return undefined;
    const bytes = Buffer.from(id, "base64url");
    if (bytes.length !== NONCE + 4 + TAG || bytes.toString("base64url") !== id) return undefined;
    const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, NONCE), { authTagLength: TAG })
      .setAAD(this.associated(kind))
      .setAuthTag(bytes.subarray(NONCE + 4));
    try {
      return Buffer.concat([decipher.update(bytes.subarray(NONCE, NONCE + 4)), decipher.final()]).readUInt32BE(0);
    } catch {
      return undefined; // the tag does not match: not an ID this codec issued
    }
  }
}

/** The form of the IDs the deterministic codec issues: one AES block in base64url. */
export const ISSUED_ID_FORM = new RegExp(`^[A-Za-z0-9_-]{${ID_LENGTH}}$`);
