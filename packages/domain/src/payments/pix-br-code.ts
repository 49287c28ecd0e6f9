// Pix "copia e cola" payload (BR Code), as defined by the BCB "Manual de Padrões para Iniciação do
// Pix" on top of EMV QRCPS-MPM (Merchant-Presented Mode): a flat list of TLV fields, each an id of
// 2 digits, a length of 2 digits and the value, closed by a CRC16 (field 63) over the whole text.

const PIX_GUI = "br.gov.bcb.pix";
const MERCHANT_NAME_MAX = 25; // EMV field 59
const MERCHANT_CITY_MAX = 15; // EMV field 60
const AMOUNT_MAX_LENGTH = 13; // EMV field 54
const TXID = /^[A-Za-z0-9]{1,25}$/; // BCB manual: txid of a static/dynamic charge, up to 25 alphanumerics

/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) over the UTF-8 bytes,
 * as 4 uppercase hex digits — the checksum the BCB manual prescribes for field 63.
 */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of utf8Bytes(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

// The domain package targets plain ES2023 (no DOM or Node types, so no TextEncoder).
function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const cp = char.codePointAt(0) as number;
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else
      bytes.push(
        0xf0 | (cp >> 18),
        0x80 | ((cp >> 12) & 0x3f),
        0x80 | ((cp >> 6) & 0x3f),
        0x80 | (cp & 0x3f),
      );
  }
  return bytes;
}

/** One EMV TLV field: id + 2-digit length + value. EMV lengths have 2 digits, so at most 99. */
export function emvField(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new Error(`Identificador EMV inválido: "${id}" (2 dígitos)`);
  if (value.length > 99) throw new Error(`Campo EMV ${id} com ${value.length} caracteres (máximo 99)`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/**
 * Text the payload can carry unambiguously: the EMV length counts characters and the CRC is over
 * bytes, so anything outside printable ASCII (accents, emoji) would make readers disagree.
 */
function toPixText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7E]/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** Cents → "1500.00": BCB manual field 54, dot as decimal separator, no thousands separator. */
function pixAmount(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new Error(`Valor do Pix inválido: ${amountCents} (centavos inteiros maiores que zero)`);
  const text = `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, "0")}`;
  if (text.length > AMOUNT_MAX_LENGTH) throw new Error(`Valor do Pix grande demais: ${text}`);
  return text;
}

export interface PixBrCodeInput {
  /** The receiver's Pix key (CNPJ, e-mail, phone +55…, or random EVP key). */
  key: string;
  amountCents: number;
  merchantName: string;
  merchantCity: string;
  /** 1–25 characters [A-Za-z0-9]. */
  txid: string;
  description?: string;
}

/** The "copia e cola" text of a single-use Pix charge with a fixed amount. */
export function buildPixBrCode(input: PixBrCodeInput): string {
  const key = input.key.trim();
  if (!key) throw new Error("Chave Pix vazia");
  if (!TXID.test(input.txid))
    throw new Error(`txid inválido: "${input.txid}" (1 a 25 caracteres A-Z, a-z, 0-9)`);
  const name = toPixText(input.merchantName).slice(0, MERCHANT_NAME_MAX).trim();
  const city = toPixText(input.merchantCity).slice(0, MERCHANT_CITY_MAX).trim();
  if (!name) throw new Error("Nome do recebedor vazio");
  if (!city) throw new Error("Cidade do recebedor vazia");
  const description = input.description === undefined ? "" : toPixText(input.description);

  const account = [
    emvField("00", PIX_GUI),
    key.length <= 99 ? emvField("01", key) : "",
    description ? emvField("02", description) : "",
  ].join("");
  // Field 26 is itself a TLV, so key + description share its 99 characters.
  if (key.length > 99 || account.length > 99)
    throw new Error(
      `Chave Pix e descrição somam ${account.length} caracteres no campo 26 (máximo 99): encurte a descrição`,
    );

  const payload = [
    emvField("00", "01"), // payload format indicator
    emvField("01", "12"), // point of initiation: 12 = single use
    emvField("26", account),
    emvField("52", "0000"), // merchant category code: not informed
    emvField("53", "986"), // ISO 4217 BRL
    emvField("54", pixAmount(input.amountCents)),
    emvField("58", "BR"),
    emvField("59", name),
    emvField("60", city),
    emvField("62", emvField("05", input.txid)),
    "6304",
  ].join("");
  return payload + crc16CcittFalse(payload);
}

/** Reads a TLV sequence in order; throws when a length overruns the text or is not numeric. */
function parseTlvEntries(text: string, where: string): [id: string, value: string][] {
  const entries: [string, string][] = [];
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) throw new Error(`${where}: TLV malformado na posição ${at}`);
    const id = head.slice(0, 2);
    const length = Number(head.slice(2));
    if (at + 4 + length > text.length)
      throw new Error(`${where}: campo ${id} declara ${length} caracteres mas o texto acaba antes`);
    entries.push([id, text.slice(at + 4, at + 4 + length)]);
    at += 4 + length;
  }
  return entries;
}

function parseTlv(text: string, where: string): Record<string, string> {
  return Object.fromEntries(parseTlvEntries(text, where));
}

export interface ParsedPixBrCode {
  fields: Record<string, string>;
  /** Sub-fields of the Pix merchant account template (the one of 26–51 whose GUI is br.gov.bcb.pix). */
  merchantAccount: Record<string, string>;
  /** Sub-fields of field 62 (05 = txid). */
  additionalData: Record<string, string>;
  crcValid: boolean;
}

/** Parses a BR Code (throws on malformed TLV) and checks its CRC. */
export function parsePixBrCode(payload: string): ParsedPixBrCode {
  const entries = parseTlvEntries(payload, "BR Code");
  const fields: Record<string, string> = Object.fromEntries(entries);
  let merchantAccount: Record<string, string> = {};
  // EMV reserves 26–51 for merchant account templates; a code may carry other schemes beside Pix.
  for (let id = 26; id <= 51; id++) {
    const value = fields[String(id)];
    if (value === undefined) continue;
    const template = parseTlv(value, `BR Code campo ${id}`);
    if (template["00"]?.toLowerCase() === PIX_GUI) {
      merchantAccount = template;
      break;
    }
  }
  const additionalData = fields["62"] === undefined ? {} : parseTlv(fields["62"], "BR Code campo 62");
  // The CRC must be the last field and covers everything before its value, "6304" included.
  const [lastId, lastValue] = entries.at(-1) ?? ["", ""];
  const crcValid =
    lastId === "63" &&
    /^[0-9A-Fa-f]{4}$/.test(lastValue) &&
    crc16CcittFalse(payload.slice(0, -4)) === lastValue.toUpperCase();
  return { fields, merchantAccount, additionalData, crcValid };
}
