import { Transform, type TransformCallback } from "node:stream";

/**
 * Passes a stream through unchanged while checking that it is text: valid UTF-8 with no NUL byte
 * (how a CSV is recognised by its bytes, since it has no magic number). Read `isText` after the end.
 */
export class Utf8TextCheck extends Transform {
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  isText = true;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.isText) {
      if (chunk.includes(0)) this.isText = false;
      else {
        try {
          this.decoder.decode(chunk, { stream: true });
        } catch {
          this.isText = false;
        }
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    if (this.isText) {
      try {
        this.decoder.decode();
      } catch {
        this.isText = false;
      }
    }
    callback();
  }
}
