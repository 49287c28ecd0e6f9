import type { IncomingMessage } from "node:http";
import { z } from "zod";
import { EXTENSOES_DOCUMENTO, MAX_DOCUMENTO_BYTES, TIPOS_DOCUMENTO } from "./fake-pncp-domain";

// What every part of the fake PNCP publishing API shares (fake-pncp-publishing.ts for contratações,
// fake-pncp-instruments.ts for atas, contratos, termos and the PCA): the manual's field types, the
// portal's refusals, the document headers and files, the bodies. Written from the "Manual de
// Integração PNCP" v2.6, like the rest of the fake.

// ---- field types (v2.6 "Dados de entrada" columns Tipo/Obrigatório) ----

/** Inteiro: the manual's own examples send codes as "1" as well as 1 (JSON → Java Integer). */
export const inteiro = z.union([z.number().int(), z.string().regex(/^-?\d+$/)]).transform(Number);
/** Decimal: "Precisão de 4 dígitos decimais". */
export const decimal = z.number();
export const naoNegativo = z.number().min(0, "deve ser maior ou igual a 0 (zero)");
/**
 * Decimal as the atas, contratos, termos and PCA pages give it ("Precisão de 4 dígitos decimais; Ex:
 * 100.0000"): a value with a fifth decimal is refused rather than rounded (UNCONFIRMED: the portal may
 * round; a client that rounds to 4 places passes both).
 */
export const quatroCasas = (v: number) => Math.abs(v * 10_000 - Math.round(v * 10_000)) < 1e-6;
const QUATRO_CASAS = "precisão máxima de 4 dígitos decimais";
export const decimal4 = z.number().refine(quatroCasas, QUATRO_CASAS);
/** decimal4, "maior ou igual a zero". */
export const valor4 = naoNegativo.refine(quatroCasas, QUATRO_CASAS);
/** Texto (n) required: present, not blank, at most n characters. */
export const texto = (n: number) =>
  z.string().trim().min(1, "é obrigatório").max(n, `tamanho máximo ${n} caracteres`);
/** Texto (n) optional. */
export const textoOpcional = (n: number) => z.string().max(n, `tamanho máximo ${n} caracteres`).nullish();
/** Data/Hora: "2022-07-21T08:00:00", Brasília's local time without an offset. */
export const dataHora = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/, "data/hora inválida");
/** A calendar date that exists (a Java LocalDate refuses 2026-02-30). */
const existe = (s: string) => {
  const d = new Date(`${s.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s.slice(0, 10);
};
/** Data: "2021-07-26". */
export const data = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "data inválida")
  .refine(existe, "data inválida");
export const booleano = z.boolean();
/** CNPJ: Texto (14), the 14 digits. */
export const cnpj = z.string().regex(/^\d{14}$/, "CNPJ com 14 dígitos");
/** Ano (the control numbers' "Ano ... (4 dígitos)"). */
export const ano = inteiro.pipe(
  z.number().int().min(1000, "ano com 4 dígitos").max(9999, "ano com 4 dígitos"),
);
/** tipoPessoa…: "PJ - Pessoa jurídica; PF - Pessoa física; PE - Pessoa estrangeira". */
export const tipoPessoa = z.enum(["PJ", "PF", "PE"]);
export const justificativaSchema = z.object({ justificativa: texto(255) });

// ---- the portal's answers ----

export class PortalError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A business rule refused: 422 (UNCONFIRMED as the status of each rule; the manual lists 422). */
export const refuse = (message: string): never => {
  throw new PortalError(422, message);
};

export const notFound = (message: string): never => {
  throw new PortalError(404, message);
};

export function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => `${i.path.join(".") || "corpo"}: ${i.message}`);
  throw new PortalError(400, issues.join("; "));
}

// ---- documents ----

export interface DocumentRules {
  /** The document types this instrument takes (v2.3.7 5.12's groups; 16 "outros documentos"). */
  allowed: ReadonlySet<number>;
  /** How the refusal names the instrument ("de contratação", "de ata", …). */
  what: string;
  /** Titulo-Documento's size on that page (Texto (255) or Texto (50)). */
  titleMax: number;
  /** The type header the page names (required), then others a client may send beside it (must agree). */
  typeHeaders: readonly string[];
}

export function checkDocumentHeaders(
  req: IncomingMessage,
  rules: DocumentRules,
): { title: string; typeId: number } {
  // v2.6 "Inserir Contratação" 2-3 and "Inserir Documento a uma Contratação" 4-5: sent as the headers
  // Titulo-Documento and Tipo-Documento-Id; header values are ISO-8859-1 ("Protocolo de Comunicação"),
  // which Node's parser reads byte for byte as latin1 — the title is kept exactly as sent.
  const title = req.headers["titulo-documento"];
  if (typeof title !== "string" || !title.trim())
    throw new PortalError(400, "Titulo-Documento é obrigatório");
  if (title.length > rules.titleMax)
    throw new PortalError(400, `Titulo-Documento: tamanho máximo ${rules.titleMax} caracteres`);
  const name = (h: string) => h.replace(/(^|-)(\w)/g, (_, d: string, c: string) => d + c.toUpperCase());
  const [required, ...others] = rules.typeHeaders;
  const typeId = req.headers[required ?? ""];
  if (typeof typeId !== "string" || !/^\d+$/.test(typeId))
    throw new PortalError(400, `${name(required ?? "")} é obrigatório`);
  for (const other of others) {
    const value = req.headers[other];
    if (value !== undefined && value !== typeId)
      throw new PortalError(400, `${name(required ?? "")} e ${name(other)} informam tipos diferentes`);
  }
  const id = Number(typeId);
  if (!TIPOS_DOCUMENTO.some((t) => t.id === id)) refuse(`Tipo de documento ${id} não existe`);
  if (!rules.allowed.has(id)) refuse(`Tipo de documento ${id} não é um documento ${rules.what}`);
  return { title, typeId: id };
}

/** v2.6 "Envio de arquivos pelas APIs de Documento": the extensions and the 30 MB cap. */
export function checkFile(file: File): void {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (!extension || !EXTENSOES_DOCUMENTO.has(extension))
    refuse(`Extensão de arquivo não permitida: ${file.name}`);
  if (file.size === 0) throw new PortalError(400, "Arquivo vazio");
  if (file.size > MAX_DOCUMENTO_BYTES) refuse("Tamanho máximo de arquivo é 30 MB");
}

// ---- bodies ----

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function json(raw: Buffer, req: IncomingMessage): unknown {
  if (!String(req.headers["content-type"] ?? "").includes("application/json"))
    throw new PortalError(415, "Content-Type deve ser application/json");
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw new PortalError(400, "JSON inválido");
  }
}

export async function multipart(raw: Buffer, req: IncomingMessage): Promise<FormData> {
  const type = String(req.headers["content-type"] ?? "");
  if (!type.startsWith("multipart/form-data"))
    throw new PortalError(415, "Content-Type deve ser multipart/form-data");
  try {
    return await new Response(raw, { headers: { "content-type": type } }).formData();
  } catch {
    throw new PortalError(400, "Corpo multipart inválido");
  }
}

/** A multipart part that carries JSON (sent as a file with type application/json, or as a field). */
export async function jsonPart(form: FormData, name: string): Promise<unknown> {
  const part = form.get(name);
  if (part === null) throw new PortalError(400, `A parte '${name}' é obrigatória`);
  try {
    return JSON.parse(typeof part === "string" ? part : await part.text());
  } catch {
    throw new PortalError(400, `A parte '${name}' não é um JSON válido`);
  }
}

/** The file part, checked against the manual's extensions and size. */
export function filePart(form: FormData, name: string): File {
  const file = form.get(name);
  if (!(file instanceof File)) throw new PortalError(400, `A parte '${name}' (arquivo) é obrigatória`);
  checkFile(file);
  return file;
}
