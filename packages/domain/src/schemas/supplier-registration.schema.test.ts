import { describe, expect, it } from "vitest";
import {
  changedAnalysedFields,
  supplierDeclarationsSchema,
  supplierIndividualDataSchema,
  supplierLegalPersonDataSchema,
  supplierStartRegistrationSchema,
} from "./supplier-registration.schema";

const address = {
  postalCode: "01310-100",
  street: "Avenida Paulista",
  number: "1000",
  district: "Bela Vista",
  city: "São Paulo",
  state: "sp",
};

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

describe("startRegistration (notices-and-accounts §3 'Supplier', §5 'CNPJ and CEP')", () => {
  it("checks the CNPJ or CPF by its check digits and stores it bare", () => {
    expect(
      supplierStartRegistrationSchema.parse({
        credentialKind: "LEGAL_PERSON",
        documentNumber: "11.222.333/0001-81",
      }),
    ).toMatchObject({
      documentNumber: "11222333000181",
      isSmallBusiness: null,
    });
    expect(
      messages(
        supplierStartRegistrationSchema.safeParse({
          credentialKind: "LEGAL_PERSON",
          documentNumber: "11222333000180",
        }),
      ),
    ).toEqual(["documentNumber: Deve ser um CNPJ válido"]);
    expect(
      messages(
        supplierStartRegistrationSchema.safeParse({
          credentialKind: "INDIVIDUAL",
          documentNumber: "529.982.247-24",
        }),
      ),
    ).toEqual(["documentNumber: CPF inválido"]);
    // §3: no ME/EPP and no corporate name for an individual.
    expect(
      supplierStartRegistrationSchema.parse({
        credentialKind: "INDIVIDUAL",
        documentNumber: "52998224725",
        name: "João",
        corporateName: "X",
        isSmallBusiness: true,
      }),
    ).toMatchObject({ name: "João", corporateName: null, isSmallBusiness: false });
  });
});

describe("updateRegistration data", () => {
  it("requires a company's name, size and legal representative (CPF with check digits), and a full address", () => {
    const ok = supplierLegalPersonDataSchema.parse({
      corporateName: "Exemplo Ltda",
      isSmallBusiness: true,
      tradeRepresentativeName: "Maria",
      tradeRepresentativeCpf: "111.444.777-35",
      email: "A@B.com.br",
      phoneNumber: "(11) 98888-7777",
      address,
    });
    expect(ok).toMatchObject({
      email: "a@b.com.br",
      phoneNumber: "11988887777",
      tradeRepresentativeCpf: "11144477735",
      cellphoneNumber: null,
    });
    expect(ok.address).toMatchObject({
      postalCode: "01310100",
      state: "SP",
      complement: null,
      ibgeCode: null,
    });
    expect(
      messages(
        supplierLegalPersonDataSchema.safeParse({
          corporateName: "",
          email: "x",
          phoneNumber: "123",
          tradeRepresentativeCpf: "11144477700",
          address: { ...address, state: "XX", ibgeCode: "12" },
        }),
      ),
    ).toEqual([
      "corporateName: Campo obrigatório",
      "isSmallBusiness: Campo obrigatório",
      "tradeRepresentativeName: Campo obrigatório",
      "tradeRepresentativeCpf: CPF inválido",
      "email: E-mail inválido",
      "phoneNumber: Telefone inválido: informe o DDD e o número",
      "address.state: UF inválida",
      "address.ibgeCode: Código IBGE inválido",
    ]);
  });

  it("asks an individual for its name only (§3: name is individual only)", () => {
    expect(
      supplierIndividualDataSchema.safeParse({
        name: "João",
        email: "j@x.com.br",
        phoneNumber: "2133334444",
        address,
      }).success,
    ).toBe(true);
  });
});

describe("renewal of an approved registration (our rule)", () => {
  it("names the analysed fields that changed: name, size and representative, never contact or address", () => {
    const stored = {
      corporateName: "A Ltda",
      isSmallBusiness: true,
      tradeRepresentativeName: "Maria",
      tradeRepresentativeCpf: "11144477735",
    };
    expect(changedAnalysedFields(stored, { ...stored })).toEqual([]);
    expect(changedAnalysedFields(stored, { ...stored, isSmallBusiness: false })).toEqual(["isSmallBusiness"]);
    expect(
      changedAnalysedFields(stored, {
        ...stored,
        corporateName: "B Ltda",
        tradeRepresentativeCpf: "52998224725",
      }),
    ).toEqual(["corporateName", "tradeRepresentativeCpf"]);
  });
});

describe("saveRegistrationInformation (§2.12: declarations 1 to 7)", () => {
  it("takes accepted declarations by id and refuses unknown ids or a refusal", () => {
    expect(supplierDeclarationsSchema.safeParse({ declarations: [{ id: 7, accepted: true }] }).success).toBe(
      true,
    );
    expect(
      messages(
        supplierDeclarationsSchema.safeParse({
          declarations: [
            { id: 0, accepted: true },
            { id: 2, accepted: false },
          ],
        }),
      ),
    ).toEqual([
      "declarations.0.id: Declaração desconhecida",
      "declarations.1.accepted: A declaração deve ser aceita",
    ]);
    expect(messages(supplierDeclarationsSchema.safeParse({ declarations: [] }))).toEqual([
      "declarations: Campo obrigatório",
    ]);
  });
});
