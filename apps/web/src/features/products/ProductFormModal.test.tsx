import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { renderWithMantine } from "../../test/render";
import { ProductFormModal } from "./ProductFormModal";

afterEach(() => {
  vi.unstubAllGlobals();
});

const created = {
  id: "p9",
  code: 42,
  name: "Caneta azul",
  technicalDescription: "Caneta esferográfica",
  isBasicProductiveIncentive: false,
};

async function fill(user: ReturnType<typeof userEvent.setup>, name: string) {
  renderWithMantine(<ProductFormModal opened onClose={() => {}} onCreated={vi.fn()} />);
  await user.type(await screen.findByRole("textbox", { name: /Nome do produto\/serviço/ }), name);
  await user.type(screen.getByRole("textbox", { name: /Descrição técnica/ }), "Caneta esferográfica");
}

describe("'Cadastro de produtos/serviços' near-duplicate warning", () => {
  it("shows the similar names before adding, then adds on 'Adicionar mesmo assim'", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      "POST /api/app/product/similar": () => ({
        body: { products: [{ id: "p1", code: 7, name: "Caneta esferográfica azul", similarity: 0.6 }] },
      }),
      "POST /api/app/product/create": () => ({ body: [created] }),
    });
    await fill(user, "Caneta azul");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    const alert = (await screen.findByText("Já existem produtos com nome parecido")).closest(
      "[role=alert]",
    ) as HTMLElement;
    expect(alert).toHaveTextContent("7 — Caneta esferográfica azul");
    expect(api.calls.map((c) => c.path)).not.toContain("/api/app/product/create");

    await user.click(screen.getByRole("button", { name: "Adicionar mesmo assim" }));
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain("/api/app/product/create"));
  });

  it("adds at once when no similar name exists, and asks again after the name changes", async () => {
    const user = userEvent.setup();
    let similar: unknown[] = [];
    const api = mockApi({
      "POST /api/app/product/similar": () => ({ body: { products: similar } }),
      "POST /api/app/product/create": () => ({ body: [created] }),
    });
    await fill(user, "Grampeador");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain("/api/app/product/create"));
    expect(screen.queryByText("Já existem produtos com nome parecido")).toBeNull();
    similar = [{ id: "p1", code: 7, name: "Grampeador metálico", similarity: 0.5 }];
    await user.type(screen.getByRole("textbox", { name: /Nome do produto\/serviço/ }), "s");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByRole("listitem")).toHaveTextContent("7 — Grampeador metálico");
    await user.type(screen.getByRole("textbox", { name: /Nome do produto\/serviço/ }), "x");
    expect(screen.queryByText("Já existem produtos com nome parecido")).toBeNull();
    expect(screen.getByRole("button", { name: "Adicionar" })).toBeEnabled();
  });
});
