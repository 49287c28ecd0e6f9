import { BUYER_NOT_APPROVED_MESSAGE, SUPPLIER_NOT_APPROVED_MESSAGE } from "@certame/domain";
import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../test/render";
import type { SessionUser } from "../auth/types";
import { RegistrationStatusBanner, registrationBanner } from "./RegistrationStatusBanner";

// Issue 13: "until approved, a body cannot publish and a supplier cannot bid; the screens say why".

const buyer = (registrationStatus?: "IN_PROGRESS" | "PENDING" | "REJECTED" | "APPROVED"): SessionUser => ({
  id: "u1",
  name: "Renato",
  email: "r@camara.gov.br",
  kind: "BUYER",
  buyer: { id: "b1", corporateName: "Câmara", staffRoles: ["AUCTIONEER"], registrationStatus },
});
const supplier = (registrationStatus?: "NONE" | "IN_PROGRESS" | "PENDING" | "APPROVED"): SessionUser => ({
  id: "u2",
  name: "Juliana",
  email: "j@empresa.com.br",
  kind: "SUPPLIER",
  supplier: {
    id: "s1",
    name: "Prates",
    isSmallBusiness: true,
    subscriptionEndDate: null,
    registrationStatus,
  },
});

function render(user: SessionUser) {
  renderWithMantine(
    <MemoryRouter>
      <RegistrationStatusBanner user={user} />
    </MemoryRouter>,
  );
}

describe("the registration banner of the authenticated layout", () => {
  it("says nothing to approved users, citizens and staff", () => {
    expect(registrationBanner(buyer("APPROVED"))).toBeNull();
    expect(registrationBanner(buyer(undefined))).toBeNull();
    expect(registrationBanner(supplier("APPROVED"))).toBeNull();
    expect(registrationBanner({ id: "c", name: "C", email: "c@x", kind: "REGULAR_CITIZEN" })).toBeNull();
    expect(registrationBanner({ id: "a", name: "A", email: "a@x", kind: "ADMIN" })).toBeNull();
  });

  it("tells a body under analysis that it cannot publish yet, with the link to its registration", () => {
    render(buyer("PENDING"));
    expect(screen.getByText("Em análise pela equipe da plataforma")).toBeInTheDocument();
    expect(screen.getByText(BUYER_NOT_APPROVED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ver o cadastro do órgão" })).toHaveAttribute(
      "href",
      "/cadastro-de-orgao",
    );
  });

  it("asks a rejected body to correct its registration", () => {
    render(buyer("REJECTED"));
    expect(screen.getByText("Cadastro devolvido para correção")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Corrigir o cadastro do órgão" })).toBeInTheDocument();
  });

  it("tells a supplier mid-registration, or without a registration, that it cannot bid yet", () => {
    render(supplier("IN_PROGRESS"));
    expect(screen.getByText(SUPPLIER_NOT_APPROVED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Concluir o cadastro de fornecedor" })).toHaveAttribute(
      "href",
      "/cadastro-de-fornecedor",
    );
    const none = { ...supplier(), supplier: null };
    expect(registrationBanner(none)).toMatchObject({ status: "NONE", to: "/cadastro-de-fornecedor" });
  });
});
