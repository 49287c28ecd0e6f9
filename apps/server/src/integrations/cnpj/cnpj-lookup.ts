import { formatCnae } from "@certame/domain";

/** Company data of a CNPJ as the forms use it (notices-and-accounts §3 "Lookup results"). */
export interface CompanyInformation {
  cnpj: string;
  corporateName: string;
  tradeName: string | null;
  postalCode: string | null;
  /** 'code - text' of the main activity. */
  mainCNAE: string | null;
  /** 'code - text' of each secondary activity. */
  otherCNAE: string[];
  phoneNumber: string | null;
  email: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
}

/** The CNPJ integration (DESIGN §1 src/integrations): null when the registry does not know the CNPJ. */
export interface CnpjLookup {
  find(cnpj: string): Promise<CompanyInformation | null>;
}

/** The registry could not answer (network, timeout, rate limit, server error). */
export class CnpjLookupUnavailable extends Error {}

interface ReceitaWsActivity {
  code?: string;
  text?: string;
}

/** The ReceitaWS answer (`GET {base}/cnpj/{digits}`); only the fields read here. */
export interface ReceitaWsCompany {
  status?: "OK" | "ERROR";
  message?: string;
  cnpj?: string;
  nome?: string;
  fantasia?: string;
  cep?: string;
  telefone?: string;
  email?: string;
  logradouro?: string;
  numero?: string;
  complemento?: string;
  bairro?: string;
  municipio?: string;
  uf?: string;
  atividade_principal?: ReceitaWsActivity[];
  atividades_secundarias?: ReceitaWsActivity[];
}

const blank = (v: string | undefined) => {
  const t = v?.trim();
  return t ? t : null;
};

// ReceitaWS fills an empty activity list with this placeholder.
const NO_ACTIVITY = "00.00-0-00";

const activities = (list: ReceitaWsActivity[] | undefined): string[] =>
  (list ?? [])
    .filter((a): a is { code: string; text: string } => Boolean(a.code && a.text) && a.code !== NO_ACTIVITY)
    .map(formatCnae);

/** §3 mapping: nome → corporateName, fantasia → tradeName, cep → postalCode, activities, telefone → phoneNumber. */
export function mapReceitaWs(cnpj: string, body: ReceitaWsCompany): CompanyInformation {
  return {
    cnpj,
    corporateName: body.nome?.trim() ?? "",
    tradeName: blank(body.fantasia),
    postalCode: blank(body.cep?.replace(/\D/g, "")),
    mainCNAE: activities(body.atividade_principal)[0] ?? null,
    otherCNAE: activities(body.atividades_secundarias),
    phoneNumber: blank(body.telefone),
    email: blank(body.email),
    street: blank(body.logradouro),
    number: blank(body.numero),
    complement: blank(body.complemento),
    district: blank(body.bairro),
    city: blank(body.municipio),
    state: blank(body.uf),
  };
}

/** HTTP client of a ReceitaWS-compatible service at CNPJ_BASE_URL (global fetch). */
export class ReceitaWsCnpjLookup implements CnpjLookup {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async find(cnpj: string): Promise<CompanyInformation | null> {
    const url = `${this.baseUrl.replace(/\/+$/, "")}/cnpj/${encodeURIComponent(cnpj)}`;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new CnpjLookupUnavailable(`consulta de CNPJ indisponível: ${(error as Error).message}`);
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new CnpjLookupUnavailable(`consulta de CNPJ respondeu ${response.status}`);
    let body: ReceitaWsCompany;
    try {
      body = (await response.json()) as ReceitaWsCompany;
    } catch {
      throw new CnpjLookupUnavailable("consulta de CNPJ respondeu algo que não é JSON");
    }
    // ReceitaWS answers an unknown or refused CNPJ with 200 and status ERROR.
    if (body.status === "ERROR" || !body.nome) return null;
    return mapReceitaWs(cnpj, body);
  }
}
