import { describe, expect, it } from "vitest";
import { canSaveAttachment, isAcceptableUpload, shortenFileName } from "./file-names";

describe("file names (notices-and-accounts §2.13, §9 'Documents')", () => {
  it("keeps names up to 40 characters and cuts longer ones, extension kept", () => {
    expect(shortenFileName("certidao.pdf")).toBe("certidao.pdf");
    const exactly = `${"a".repeat(36)}.pdf`;
    expect(shortenFileName(exactly)).toBe(exactly);
    const long = `certidao-negativa-de-debitos-trabalhistas-2026.pdf`;
    const short = shortenFileName(long);
    expect(short).toHaveLength(40);
    expect(short).toBe("certidao-negativa-de-debitos-traba...pdf");
    expect(shortenFileName(long, 35)).toHaveLength(35);
    expect(shortenFileName("x".repeat(50), 35)).toBe(`${"x".repeat(32)}...`);
  });

  it("accepts JPG, PNG and PDF up to 30 MB before sending", () => {
    const file = (name: string, size: number) => new File([new Uint8Array(size)], name);
    expect(isAcceptableUpload(file("a.PDF", 10))).toBe(true);
    expect(isAcceptableUpload(file("a.jpeg", 10))).toBe(true);
    expect(isAcceptableUpload(file("a.csv", 10))).toBe(false);
    expect(isAcceptableUpload(file("a.pdf", 0))).toBe(false);
    const big = { name: "a.pdf", size: 30 * 1024 * 1024 + 1 } as File;
    expect(isAcceptableUpload(big)).toBe(false);
  });

  it("enables 'Salvar anexo' once a file is chosen (its name fills the name)", () => {
    expect(canSaveAttachment(null, "descrição")).toBe(false);
    expect(canSaveAttachment(new File(["x"], "a.pdf"), "")).toBe(true);
  });
});
