import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, open, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface StoredBlob {
  storageKey: string;
  sizeBytes: number;
  sha256: string;
  head: Uint8Array;
}

/** Local-disk file storage under DATA_DIR/files; keys are relative paths. */
export class FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error("chave de arquivo inválida");
    return full;
  }

  /** Streams into a temporary file while hashing; `commit` moves it into place, `discard` removes it. */
  async receive(stream: Readable) {
    const tmpDir = path.join(this.root, "tmp");
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    const hash = createHash("sha256");
    stream.on("data", (chunk: Buffer) => hash.update(chunk));
    try {
      await pipeline(stream, createWriteStream(tmp));
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    const { size } = await stat(tmp);
    const fd = await open(tmp, "r");
    const head = new Uint8Array(16);
    await fd.read(head, 0, 16, 0);
    await fd.close();
    return {
      sizeBytes: size,
      sha256: hash.digest("hex"),
      head,
      commit: async (extension: string): Promise<string> => {
        const now = new Date();
        const key = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${randomUUID()}.${extension}`;
        await mkdir(path.dirname(this.pathOf(key)), { recursive: true });
        await rename(tmp, this.pathOf(key));
        return key;
      },
      discard: () => rm(tmp, { force: true }),
    };
  }

  /** Stores bytes under a key chosen by the caller (the demo data's files). */
  async write(key: string, bytes: Uint8Array) {
    const full = this.pathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    const tmp = `${full}.${randomUUID()}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, full);
  }

  async exists(key: string) {
    return access(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  read(key: string) {
    return createReadStream(this.pathOf(key));
  }

  remove(key: string) {
    return rm(this.pathOf(key), { force: true });
  }
}
