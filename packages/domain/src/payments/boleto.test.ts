import { describe, expect, it } from "vitest";
import {
  bancoDoBrasilFreeField,
  bancoDoBrasilOurNumber,
  bankCodeCheckDigit,
  barcodeCheckDigit,
  barcodeFromDigitableLine,
  buildBoletoBarcode,
  digitableLineFromBarcode,
  dueDateFactor,
  dueDateFromFactor,
  formatDigitableLine,
  isValidDigitableLine,
  modulo10,
} from "./boleto";

// Digitable lines published by banks and boleto libraries. A third candidate,
// "23793.38128 60000.000003 00000.000400 1 84340000001000", is left out: its field 2 and field 3
// check digits are wrong by the FEBRABAN modulo 10 (4 and 6, not 3 and 0).
const PUBLISHED = [
  "07790.00116 12064.449908 08159.365561 7 90020000015130",
  "00190500954014481606906809350314337370000000100",
];

// Our own Banco do Brasil case: agreement 1234567, charge 123, wallet 17, R$ 1.500,00 due 2025-11-26.
const BB_FREE_FIELD = bancoDoBrasilFreeField({ agreement: "1234567", sequence: 123, wallet: "17" });
const BB_BARCODE = buildBoletoBarcode({
  bankCode: "001",
  dueDate: "2025-11-26",
  amountCents: 150000,
  freeField: BB_FREE_FIELD,
});

const digitsOf = (line: string) => line.replace(/\D/g, "");

describe("FEBRABAN check digits", () => {
  it("modulo 10: weights 2,1,2… from the right, product digits summed", () => {
    // Field 1 of the published BB line, "00190.50095": 9·2=18→9, 0, 0, 5·1, 0, 9·1, 1·2, 0, 0 → 25 → 5.
    expect(modulo10("001905009")).toBe(5);
    expect(modulo10("0")).toBe(0);
    expect(modulo10("5")).toBe(9); // 5·2 = 10 → 1; 10 − 1 = 9
  });

  it("modulo 11 general digit: 0, 10 and 11 become 1", () => {
    const barcode = barcodeFromDigitableLine(PUBLISHED[1] as string);
    expect(barcodeCheckDigit(barcode.slice(0, 4) + barcode.slice(5))).toBe(Number(barcode[4]));
    // 43 zeros: sum 0 → 11 − 0 = 11 → 1.
    expect(barcodeCheckDigit("0".repeat(43))).toBe(1);
    // "1" in the last place: sum 2 → 11 − 2 = 9.
    expect(barcodeCheckDigit(`${"0".repeat(42)}1`)).toBe(9);
    // "5" weighted 2 → 10 → 11 − 10 = 1.
    expect(barcodeCheckDigit(`${"0".repeat(42)}5`)).toBe(1);
    expect(() => barcodeCheckDigit("123")).toThrow(/43/);
  });

  it("bank code digit by modulo 11 (001-9, 237-2, 341-7, 756-0, 748-X)", () => {
    expect(["001", "237", "341", "756", "748"].map(bankCodeCheckDigit)).toEqual(["9", "2", "7", "0", "X"]);
  });
});

describe("due-date factor (base 1997-10-07, reset to 1000 on 2025-02-22)", () => {
  it("1997 cycle: 2000-07-03 is 1000 and 2025-02-21 is 9999", () => {
    expect(dueDateFactor("2000-07-03")).toBe("1000");
    expect(dueDateFactor("2025-02-21")).toBe("9999");
    expect(dueDateFromFactor("1000", "1997")).toBe("2000-07-03");
    expect(dueDateFromFactor("9999", "1997")).toBe("2025-02-21");
  });

  it("2025 cycle: 2025-02-22 restarts at 1000, 2025-02-23 is 1001", () => {
    expect(dueDateFactor("2025-02-22")).toBe("1000");
    expect(dueDateFactor("2025-02-23")).toBe("1001");
    expect(dueDateFromFactor("1000", "2025")).toBe("2025-02-22");
  });

  it("2025-11-26 is 277 days after the reset: 1277, and back", () => {
    const factor = dueDateFactor("2025-11-26");
    expect(factor).toBe("1277");
    expect(dueDateFromFactor(factor, "2025")).toBe("2025-11-26");
  });

  it("round-trips across the leap day and the last factor of the new cycle", () => {
    for (const date of ["2028-02-28", "2028-02-29", "2028-03-01", "2049-10-13"])
      expect(dueDateFromFactor(dueDateFactor(date), "2025")).toBe(date);
    expect(dueDateFactor("2049-10-13")).toBe("9999");
  });

  it("refuses dates before 2000-07-03, beyond factor 9999 of the new cycle, or malformed", () => {
    expect(() => dueDateFactor("2000-07-02")).toThrow(/anterior/);
    expect(() => dueDateFactor("2049-10-14")).toThrow(/9999/);
    expect(() => dueDateFactor("2025-02-30")).toThrow(/inválida/);
    expect(() => dueDateFactor("26/11/2025")).toThrow(/inválida/);
    expect(() => dueDateFromFactor("0999", "2025")).toThrow(/fora da faixa/);
    expect(() => dueDateFromFactor("12a4", "2025")).toThrow(/4 dígitos/);
  });
});

describe("digitable line ↔ barcode", () => {
  for (const line of PUBLISHED) {
    it(`published line ${line} is valid and round-trips`, () => {
      expect(isValidDigitableLine(line)).toBe(true);
      const barcode = barcodeFromDigitableLine(line);
      expect(barcode).toMatch(/^\d{44}$/);
      expect(digitableLineFromBarcode(barcode)).toBe(digitsOf(line));
      expect(formatDigitableLine(digitableLineFromBarcode(barcode))).toBe(formatDigitableLine(line));
    });
  }

  it("reads the fields of the published BB line: bank 001, real, factor 3737, R$ 1,00", () => {
    const barcode = barcodeFromDigitableLine(PUBLISHED[1] as string);
    expect(barcode.slice(0, 4)).toBe("0019");
    expect(barcode.slice(5, 9)).toBe("3737");
    expect(barcode.slice(9, 19)).toBe("0000000100");
  });

  it("changing any single digit of a valid line makes it invalid", () => {
    for (const line of [...PUBLISHED.map(digitsOf), digitableLineFromBarcode(BB_BARCODE)]) {
      for (let i = 0; i < line.length; i++) {
        for (let d = 0; d <= 9; d++) {
          if (String(d) === line[i]) continue;
          const changed = line.slice(0, i) + d + line.slice(i + 1);
          expect(isValidDigitableLine(changed), `position ${i + 1} → ${d}`).toBe(false);
        }
      }
    }
  });

  it("refuses lines of the wrong length or with other characters", () => {
    expect(isValidDigitableLine("0019050095401448160690680935031433737000000010")).toBe(false);
    expect(isValidDigitableLine("00190-50095-40144816069-06809350314-3-37370000000100")).toBe(false);
    expect(() => barcodeFromDigitableLine("123")).toThrow(/47 dígitos/);
    expect(() => barcodeFromDigitableLine("23793.38128 60000.000003 00000.000400 1 84340000001000")).toThrow(
      /dígito verificador/,
    );
  });

  it("refuses a barcode whose general digit is wrong", () => {
    const wrong = `${BB_BARCODE.slice(0, 4)}${(Number(BB_BARCODE[4]) + 1) % 10}${BB_BARCODE.slice(5)}`;
    expect(() => digitableLineFromBarcode(wrong)).toThrow(/DV geral/);
  });

  it("formats as AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE", () => {
    expect(formatDigitableLine(PUBLISHED[1] as string)).toBe(
      "00190.50095 40144.816069 06809.350314 3 37370000000100",
    );
  });
});

describe("building a Banco do Brasil boleto (7-digit agreement)", () => {
  it("nosso número is agreement + sequence in 10 digits; free field is 000000 + it + wallet", () => {
    expect(bancoDoBrasilOurNumber("1234567", 123)).toBe("12345670000000123");
    expect(BB_FREE_FIELD).toBe("0000001234567000000012317");
    expect(BB_FREE_FIELD).toHaveLength(25);
  });

  it("lays out bank, currency, DV, factor, amount and free field", () => {
    expect(BB_BARCODE).toBe("00195127700001500000000001234567000000012317");
    expect(BB_BARCODE.slice(0, 3)).toBe("001");
    expect(BB_BARCODE[3]).toBe("9");
    expect(BB_BARCODE.slice(5, 9)).toBe("1277");
    expect(BB_BARCODE.slice(9, 19)).toBe("0000150000");
    expect(BB_BARCODE.slice(19)).toBe(BB_FREE_FIELD);
    const line = digitableLineFromBarcode(BB_BARCODE);
    expect(isValidDigitableLine(line)).toBe(true);
    expect(barcodeFromDigitableLine(formatDigitableLine(line))).toBe(BB_BARCODE);
  });

  it("validates every input", () => {
    const ok = { bankCode: "001", dueDate: "2025-11-26", amountCents: 150000, freeField: BB_FREE_FIELD };
    expect(() => buildBoletoBarcode({ ...ok, bankCode: "1" })).toThrow(/banco/);
    expect(() => buildBoletoBarcode({ ...ok, freeField: "123" })).toThrow(/Campo livre/);
    expect(() => buildBoletoBarcode({ ...ok, dueDate: "2025-13-01" })).toThrow(/vencimento/i);
    expect(() => buildBoletoBarcode({ ...ok, amountCents: 10_000_000_000 })).toThrow(/Valor/);
    expect(() => buildBoletoBarcode({ ...ok, amountCents: -1 })).toThrow(/Valor/);
    expect(() => buildBoletoBarcode({ ...ok, amountCents: 10.5 })).toThrow(/Valor/);
    expect(buildBoletoBarcode({ ...ok, amountCents: 9_999_999_999 }).slice(9, 19)).toBe("9999999999");
    expect(() => bancoDoBrasilFreeField({ agreement: "123456", sequence: 1, wallet: "17" })).toThrow(
      /Convênio/,
    );
    expect(() => bancoDoBrasilFreeField({ agreement: "1234567", sequence: 1e10, wallet: "17" })).toThrow(
      /10 dígitos/,
    );
    expect(() => bancoDoBrasilFreeField({ agreement: "1234567", sequence: 1, wallet: "7" })).toThrow(
      /Carteira/,
    );
  });
});
