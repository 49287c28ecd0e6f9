import { describe, expect, it } from "vitest";
import {
  buyerRegistrationSchema,
  buyerStaffSchema,
  secretaryOfficeSchema,
  userCheckSchema,
} from "./buyer-registration.schema";
import { isValidPhoneNumber } from "./registration-fields";

const person = {
  name: "Helena Prado",
  email: "Helena@Orgao.gov.br",
  cpf: "529.982.247-25",
  phoneNumber: "(11) 3333-4444",
};

const body = {
  cnpj: "11.222.333/0001-81",
  corporateName: "Prefeitura de Teste",
  address: {
    postalCode: "01310-100",
    street: "Av. Paulista",
    number: "1000",
    district: "Bela Vista",
    city: "São Paulo",
    state: "SP",
  },
  phoneNumber: "(11) 3333-4444",
  competentAuthority: { user: person },
};

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => [
  ...new Set((result.error?.issues ?? []).map((i) => i.path.map(String).join("."))),
];

describe("buyer body form (notices-and-accounts §5 'Buyer body form', 'Competent authority')", () => {
  it("stores documents, CEP and phones as digits and e-mails in lower case", () => {
    const parsed = buyerRegistrationSchema.parse(body);
    expect(parsed).toMatchObject({
      cnpj: "11222333000181",
      phoneNumber: "1133334444",
      address: { postalCode: "01310100", complement: null, ibgeCode: null },
      website: null,
      competentAuthority: {
        name: null,
        cnpj: null,
        user: { cpf: "52998224725", email: "helena@orgao.gov.br" },
      },
    });
  });

  it("names every broken rule by its path: CNPJ/CPF check digits, CEP, the 27 UFs, phone with area code", () => {
    const result = buyerRegistrationSchema.safeParse({
      ...body,
      cnpj: "11.222.333/0001-82",
      address: { ...body.address, postalCode: "0131-100", state: "XX", ibgeCode: "12" },
      phoneNumber: "3333-4444",
      competentAuthority: { user: { ...person, cpf: "529.982.247-24", email: "sem-arroba" } },
    });
    expect(paths(result).sort()).toEqual(
      [
        "address.ibgeCode",
        "address.postalCode",
        "address.state",
        "cnpj",
        "competentAuthority.user.cpf",
        "competentAuthority.user.email",
        "phoneNumber",
      ].sort(),
    );
    expect(result.error?.issues.find((i) => i.path.join(".") === "cnpj")?.message).toBe(
      "Deve ser um CNPJ válido",
    );
  });

  it("takes the §5 'tel' mask shapes: (##) ####-#### and (##) #####-####", () => {
    expect(isValidPhoneNumber("(11) 3333-4444")).toBe(true);
    expect(isValidPhoneNumber("(11) 98888-7777")).toBe(true);
    expect(isValidPhoneNumber("3333-4444")).toBe(false);
    expect(isValidPhoneNumber("(01) 3333-4444")).toBe(false);
    expect(isValidPhoneNumber("(11) 3333-4444 ramal")).toBe(false);
  });
});

describe("secretariat and staff user (§3, §5 'Secretariat', 'Staff user')", () => {
  it("a secretariat needs its name and responsible secretary; its CNPJ is optional", () => {
    expect(secretaryOfficeSchema.parse({ name: "Saúde", user: person })).toMatchObject({
      cnpj: null,
      kind: "default",
    });
    expect(
      paths(secretaryOfficeSchema.safeParse({ name: "", user: { ...person, phoneNumber: "" } })),
    ).toEqual(["name", "user.phoneNumber"]);
  });

  it("a staff user defaults to [AUCTIONEER], needs at least one profile and a cellphone", () => {
    const staff = { user: { ...person, cellphoneNumber: "(11) 98888-7777" } };
    expect(buyerStaffSchema.parse(staff)).toMatchObject({ role: ["AUCTIONEER"], secretariesOffice: [] });
    expect(paths(buyerStaffSchema.safeParse({ ...staff, role: [] }))).toEqual(["role"]);
    expect(paths(buyerStaffSchema.safeParse({ user: person }))).toEqual(["user.cellphoneNumber"]);
  });

  it("reads the appointment date as dd/mm/yyyy (§5) or ISO, and the secretariats as ids or {id}", () => {
    const id = "00000000-0000-4000-8000-000000001101";
    const staff = { user: { ...person, cellphoneNumber: "(11) 98888-7777" } };
    expect(
      buyerStaffSchema.parse({
        ...staff,
        appointmentOrderDate: "15/02/2026",
        secretariesOffice: [{ id }, id],
      }),
    ).toMatchObject({ appointmentOrderDate: "2026-02-15", secretariesOffice: [id] });
    expect(
      buyerStaffSchema.parse({ ...staff, appointmentOrderDate: "2026-02-15" }).appointmentOrderDate,
    ).toBe("2026-02-15");
    expect(paths(buyerStaffSchema.safeParse({ ...staff, appointmentOrderDate: "31/02/2026" }))).toEqual([
      "appointmentOrderDate",
    ]);
  });

  it("user/check needs an e-mail or a CPF", () => {
    expect(userCheckSchema.safeParse({}).success).toBe(false);
    expect(userCheckSchema.parse({ cpf: "529.982.247-25" })).toEqual({ cpf: "52998224725" });
  });
});
