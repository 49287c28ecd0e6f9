import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../test/render";
import { LEGISLATION_GROUPS, PLATFORM_DOCUMENT_SLUGS } from "./legislation";
import { LegislationPage } from "./StaticPages";

// notices-and-accounts §2.1: the library's 29 documents, each opening its text.

describe("/legislacao-e-regulamentos (§2.1)", () => {
  it("lists the 29 documents of §2.1", () => {
    expect(LEGISLATION_GROUPS.flatMap((g) => g.documents)).toHaveLength(29);
  });

  it("links each act to its official text and each platform document to its PDF, in a new tab", () => {
    renderWithMantine(
      <MemoryRouter>
        <LegislationPage />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole("link", { name: /\(abre em nova aba\)$/ });
    expect(links).toHaveLength(29);
    for (const link of links) {
      expect(link).toHaveAttribute("target", "_blank");
      expect(link.getAttribute("rel")).toContain("noopener");
    }
    const hrefs = links.map((l) => l.getAttribute("href") ?? "");
    expect(hrefs.filter((h) => h.startsWith("https://www.planalto.gov.br/ccivil_03/"))).toHaveLength(19);
    expect(hrefs.filter((h) => h.startsWith("https://www.gov.br/compras/"))).toHaveLength(6);
    expect(hrefs.filter((h) => h.startsWith("/api/public/legal-documents/"))).toEqual(
      PLATFORM_DOCUMENT_SLUGS.map((slug) => `/api/public/legal-documents/${slug}`),
    );
    expect(
      screen.getByRole("link", {
        name: "Lei nº 14.133/2021 — Portal da Legislação do Planalto (abre em nova aba)",
      }),
    ).toHaveAttribute("href", "https://www.planalto.gov.br/ccivil_03/_ato2019-2022/2021/lei/l14133.htm");
  });
});
