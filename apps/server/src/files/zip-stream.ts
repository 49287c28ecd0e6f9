import type { Readable } from "node:stream";
import yazl from "yazl";

export interface ZipEntry {
  name: string;
  open(): Readable;
  mtime?: Date;
}

/** Entry names made unique inside one zip: 'a.pdf', 'a (2).pdf', … */
export function uniqueEntryNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf(".");
    const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * A zip written while it is sent: each file is read from storage only when the archive reaches it,
 * so memory stays flat whatever the total size (DESIGN §1 "zip streaming").
 */
export function zipStream(entries: readonly ZipEntry[]): Readable {
  const zip = new yazl.ZipFile();
  const names = uniqueEntryNames(entries.map((e) => e.name));
  entries.forEach((entry, i) => {
    zip.addReadStreamLazy(names[i] as string, { mtime: entry.mtime ?? new Date() }, (cb) =>
      cb(null, entry.open()),
    );
  });
  zip.end();
  return zip.outputStream as Readable;
}
