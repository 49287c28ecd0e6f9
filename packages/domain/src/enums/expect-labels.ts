// Test support (imported only by *.test.ts): checks that a label table covers exactly the values of
// its enumeration, with non-blank labels.
import { expect } from "vitest";

export function expectLabelsFor<T extends PropertyKey>(
  values: readonly T[],
  labels: Record<T, string>,
  options: { distinct?: boolean } = {},
): void {
  expect(Object.keys(labels).sort()).toEqual(values.map(String).sort());
  for (const value of values) expect(labels[value].trim(), String(value)).not.toBe("");
  if (options.distinct !== false) {
    const texts = values.map((v) => labels[v]);
    expect(new Set(texts).size, "labels must be distinct").toBe(texts.length);
  }
}
