import { describe, expect, it } from "vitest";
import { buildPixBrCode, crc16CcittFalse, emvField, parsePixBrCode } from "./pix-br-code";

// Published "copia e cola" payloads: the 4 hex digits after "6304" are the CRC of everything up to
// and including "6304" (BCB "Manual de Padrões para Iniciação do Pix").
const PUBLISHED = {
  "BCB manual":
    "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D",
  "Woovi docs":
    "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-42665544000052040000530398654041.005802BR5915Call_me_Awesome6009Sao_Paulo622905259134e2866f71427abf001000063047029",
  "QI Tech docs":
    "00020126580014br.gov.bcb.pix0136a23bf0e9-5175-4829-bf89-e8fe6ac09aa1520400005303986540530.005802BR5914TywinLannister6008saopaulo62070503***6304D4FD",
};

const base = {
  key: "12345678000195",
  amountCents: 150000,
  merchantName: "Certame Tecnologia",
  merchantCity: "Brasilia",
  txid: "CERT2026000123",
};

describe("CRC-16/CCITT-FALSE", () => {
  it("gives the catalogue check value 29B1 for '123456789'", () => {
    expect(crc16CcittFalse("123456789")).toBe("29B1");
  });

  it("is 4 uppercase hex digits, zero-padded", () => {
    expect(crc16CcittFalse("")).toBe("FFFF");
    expect(crc16CcittFalse("A")).toMatch(/^[0-9A-F]{4}$/);
  });

  it("runs over the UTF-8 bytes (values from Python's binascii.crc_hqx with init 0xFFFF)", () => {
    expect(crc16CcittFalse("é")).toBe("7ACB"); // C3 A9
    expect(crc16CcittFalse("€")).toBe("0B51"); // E2 82 AC
    expect(crc16CcittFalse("São Paulo")).toBe("E390");
    expect(crc16CcittFalse("😀")).toBe("4F4F"); // F0 9F 98 80
  });

  for (const [source, payload] of Object.entries(PUBLISHED)) {
    it(`matches the CRC of the published payload (${source})`, () => {
      const at = payload.lastIndexOf("6304") + 4;
      expect(crc16CcittFalse(payload.slice(0, at))).toBe(payload.slice(at));
      expect(parsePixBrCode(payload).crcValid).toBe(true);
    });
  }
});

describe("EMV field", () => {
  it("is id + 2-digit length + value", () => {
    expect(emvField("58", "BR")).toBe("5802BR");
    expect(emvField("26", "x".repeat(99))).toBe(`2699${"x".repeat(99)}`);
  });

  it("refuses a value over 99 characters", () => {
    expect(() => emvField("26", "x".repeat(100))).toThrow(/máximo 99/);
  });
});

describe("Pix BR Code (single-use charge)", () => {
  it("builds the fields in the manual's order and parses back to the same values", () => {
    const code = buildPixBrCode({ ...base, description: "Taxa de inscricao" });
    expect(code.startsWith("000201010212")).toBe(true);
    const parsed = parsePixBrCode(code);
    expect(parsed.crcValid).toBe(true);
    expect(Object.keys(parsed.fields).sort()).toEqual([
      "00",
      "01",
      "26",
      "52",
      "53",
      "54",
      "58",
      "59",
      "60",
      "62",
      "63",
    ]);
    expect(parsed.fields).toMatchObject({
      "00": "01",
      "01": "12",
      "52": "0000",
      "53": "986",
      "54": "1500.00",
      "58": "BR",
      "59": "Certame Tecnologia",
      "60": "Brasilia",
    });
    expect(parsed.merchantAccount).toEqual({
      "00": "br.gov.bcb.pix",
      "01": "12345678000195",
      "02": "Taxa de inscricao",
    });
    expect(parsed.additionalData).toEqual({ "05": "CERT2026000123" });
    // The ids appear in ascending order, with field 63 last.
    expect(code.indexOf("5303986")).toBeLessThan(code.indexOf("54071500.00"));
    expect(code.slice(-8, -4)).toBe("6304");
  });

  it("writes the amount from cents with a dot and no thousands separator", () => {
    expect(parsePixBrCode(buildPixBrCode(base)).fields["54"]).toBe("1500.00");
    expect(parsePixBrCode(buildPixBrCode({ ...base, amountCents: 5 })).fields["54"]).toBe("0.05");
    expect(parsePixBrCode(buildPixBrCode({ ...base, amountCents: 123456789 })).fields["54"]).toBe(
      "1234567.89",
    );
  });

  it("refuses a zero, negative or fractional amount", () => {
    expect(() => buildPixBrCode({ ...base, amountCents: 0 })).toThrow(/Valor do Pix/);
    expect(() => buildPixBrCode({ ...base, amountCents: -100 })).toThrow(/Valor do Pix/);
    expect(() => buildPixBrCode({ ...base, amountCents: 10.5 })).toThrow(/Valor do Pix/);
  });

  it("writes name and city in ASCII without diacritics, spaces collapsed", () => {
    const parsed = parsePixBrCode(
      buildPixBrCode({ ...base, merchantName: "Licitações  São João", merchantCity: " Goiânia " }),
    );
    expect(parsed.fields["59"]).toBe("Licitacoes Sao Joao");
    expect(parsed.fields["60"]).toBe("Goiania");
  });

  it("cuts the name to 25 and the city to 15 characters", () => {
    const parsed = parsePixBrCode(
      buildPixBrCode({
        ...base,
        merchantName: "Prefeitura Municipal de São José dos Campos",
        merchantCity: "São José dos Campos",
      }),
    );
    expect(parsed.fields["59"]).toBe("Prefeitura Municipal de S");
    expect(parsed.fields["60"]).toBe("Sao Jose dos Ca");
    expect(parsed.crcValid).toBe(true);
  });

  it("refuses a bad txid", () => {
    for (const txid of ["", "com-hifen", "espaço aqui", "x".repeat(26), "***"])
      expect(() => buildPixBrCode({ ...base, txid })).toThrow(/txid inválido/);
    expect(() => buildPixBrCode({ ...base, txid: "A".repeat(25) })).not.toThrow();
  });

  it("refuses a key and description that overflow field 26", () => {
    expect(() => buildPixBrCode({ ...base, description: "d".repeat(70) })).toThrow(/campo 26/);
  });

  it("a one-character change breaks the CRC", () => {
    const code = buildPixBrCode(base);
    const tampered = code.replace("1500.00", "1600.00");
    expect(tampered).not.toBe(code);
    expect(parsePixBrCode(tampered).crcValid).toBe(false);
    const badCrc = code.slice(0, -1) + (code.endsWith("0") ? "1" : "0");
    expect(parsePixBrCode(badCrc).crcValid).toBe(false);
  });

  it("a payload without field 63 last is not valid", () => {
    const code = buildPixBrCode(base);
    expect(parsePixBrCode(code.slice(0, -8)).crcValid).toBe(false);
  });

  it("throws on malformed TLV", () => {
    expect(() => parsePixBrCode("000201010212269")).toThrow(/TLV/);
    expect(() => parsePixBrCode("0002010102122605abc")).toThrow(/campo 26 declara 5/);
    // The Pix template inside 26 is a TLV too.
    expect(() => parsePixBrCode("00020101021226040014")).toThrow(/BR Code campo 26: campo 00/);
    expect(() => parsePixBrCode("0002A")).toThrow(/campo 00 declara 2/);
    expect(() => parsePixBrCode("00AB01")).toThrow(/TLV malformado/);
  });
});
