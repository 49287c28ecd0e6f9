import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../test/render";
import { PageControls, pageSummary } from "./PageControls";

// Issue 18: past the server's count (10,000) the total is a lower bound: 'mais de 10.000' and the
// pages go on past the last one known.

describe("pageSummary", () => {
  it("says the exact count, or 'mais de' past the server's count", () => {
    expect(pageSummary(2, 7, 130, false)).toBe("Página 2 de 7 · 130 resultados");
    expect(pageSummary(1, 1, 1, false)).toBe("Página 1 de 1 · 1 resultado");
    expect(pageSummary(3, 500, 10_000, true)).toBe("Página 3 de 500+ · mais de 10.000 resultados");
  });
});

describe("PageControls past a lower bound", () => {
  it("keeps 'Próxima página' on at the last page known, and shows the page asked for", async () => {
    const onPageChange = vi.fn();
    const { rerender } = renderWithMantine(
      <PageControls
        page={500}
        total={10_000}
        totalIsLowerBound
        limitResult={20}
        onPageChange={onPageChange}
      />,
    );
    expect(screen.getByText("Página 500 de 500+ · mais de 10.000 resultados")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Próxima página" }));
    expect(onPageChange).toHaveBeenCalledWith(501);
    rerender(
      <PageControls
        page={501}
        total={10_000}
        totalIsLowerBound
        limitResult={20}
        onPageChange={onPageChange}
      />,
    );
    expect(screen.getByText("Página 501 de 501+ · mais de 10.000 resultados")).toBeInTheDocument();
    rerender(<PageControls page={500} total={10_000} limitResult={20} onPageChange={onPageChange} />);
    expect(screen.getByRole("button", { name: "Próxima página" })).toBeDisabled();
  });
});
