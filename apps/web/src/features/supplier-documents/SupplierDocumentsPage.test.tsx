import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { newQueryClient, renderWithMantine } from "../../test/render";
import type { SupplierDocument, SupplierDocumentList } from "./api";
import { SupplierDocumentsPage } from "./SupplierDocumentsPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

const LONG_NAME = "certidao-negativa-de-debitos-trabalhistas-2026.pdf";

function doc(overrides: Partial<SupplierDocument> = {}): SupplierDocument {
  return {
    id: "d1",
    name: LONG_NAME,
    url: "/api/app/file/f1",
    description: "CNDT\nválida até 30/06",
    kind: "LABOR_DEBT_CLEARANCE",
    kindName: "Certidão Negativa de Débitos Trabalhistas (CNDT)",
    documentClass: "FISCAL_SOCIAL_LABOR",
    documentClassName: "Habilitação fiscal, social e trabalhista",
    otherDocumentClass: null,
    createdDate: "2026-03-02T13:30:00.000Z",
    sentDatetime: null,
    mimeType: "application/pdf",
    size: 1000,
    supplier: { id: "s1" },
    canDelete: true,
    ...overrides,
  };
}

function listWith(documents: SupplierDocument[], required = false): SupplierDocumentList {
  return {
    documents,
    total: documents.length,
    classes: [
      {
        documentClass: "FISCAL_SOCIAL_LABOR",
        className: "Habilitação fiscal, social e trabalhista",
        otherDocumentClass: null,
        items: [
          {
            kind: "LABOR_DEBT_CLEARANCE",
            kindName: "Certidão Negativa de Débitos Trabalhistas (CNDT)",
            isRequired: required,
            documents,
          },
        ],
      },
      {
        documentClass: "OTHERS_DOCUMENTS",
        className: "Outros documentos",
        otherDocumentClass: null,
        items: [{ kind: "OTHER", kindName: "Outros documentos", isRequired: false, documents: [] }],
      },
    ],
  };
}

function render() {
  renderWithMantine(
    <QueryClientProvider client={newQueryClient()}>
      <SupplierDocumentsPage />
    </QueryClientProvider>,
  );
}

describe("/documentos-de-habilitacao (notices-and-accounts §2.13)", () => {
  it("lists documents under their class and kind, names shortened to 40, descriptions with line breaks", async () => {
    mockApi({
      "POST /api/app/supplier/qualificationDocumentsList": () => ({ body: listWith([doc()], true) }),
    });
    render();
    const fiscal = await screen.findByRole("region", { name: "Habilitação fiscal, social e trabalhista" });
    expect(within(fiscal).getByText("Certidão Negativa de Débitos Trabalhistas (CNDT)")).toBeInTheDocument();
    expect(within(fiscal).getByText("Obrigatório")).toBeInTheDocument();
    expect(within(fiscal).getByText("certidao-negativa-de-debitos-traba...pdf")).toBeInTheDocument();
    expect(within(fiscal).getByText(/CNDT\s+válida até 30\/06/)).toBeInTheDocument();
    expect(within(fiscal).getByText("02/03/2026 10:30")).toBeInTheDocument();
    const others = screen.getByRole("region", { name: "Outros documentos" });
    expect(within(others).getByText("Nenhum documento anexado")).toBeInTheDocument();
  });

  it("filters the last 15 or 30 days", async () => {
    const api = mockApi({
      "POST /api/app/supplier/qualificationDocumentsList": () => ({ body: listWith([]) }),
    });
    render();
    await screen.findByRole("region", { name: "Outros documentos" });
    await userEvent.setup().click(screen.getByText("Últimos 15 dias"));
    await waitFor(() => expect(api.calls.at(-1)?.body).toEqual({ params: { period: "LAST_15_DAYS" } }));
    expect(api.calls[0]?.body).toEqual({ params: { period: "ALL" } });
  });

  it("uploads the file and registers it with its kind and description; 'Salvar anexo' waits for a file", async () => {
    let documents: SupplierDocument[] = [];
    const api = mockApi({
      "POST /api/app/supplier/qualificationDocumentsList": () => ({ body: listWith(documents) }),
      "POST /api/upload": () => ({ body: { id: "f9", url: "/api/app/file/f9", fileName: "cndt.pdf" } }),
      "POST /api/app/supplier/attachQualificationDocuments": () => {
        documents = [doc({ id: "d9", name: "cndt.pdf" })];
        return { body: documents };
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole("button", {
        name: "Anexar documento: Certidão Negativa de Débitos Trabalhistas (CNDT)",
      }),
    );
    const dialog = await screen.findByRole("dialog");
    const save = within(dialog).getByRole("button", { name: "Salvar anexo" });
    expect(save).toBeDisabled();
    const description = within(dialog).getByRole("textbox", { name: "Descrição do documento" });
    await user.type(description, "CNDT de março");
    expect(within(dialog).getByText("13 / 400")).toBeInTheDocument();
    expect(save).toBeDisabled();
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(["%PDF-1.4"], "cndt.pdf", { type: "application/pdf" }));
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText("Arquivo anexado com sucesso")).toBeInTheDocument();
    expect(api.calls.find((c) => c.path.endsWith("attachQualificationDocuments"))?.body).toEqual({
      documents: [
        {
          name: "cndt.pdf",
          url: "/api/app/file/f9",
          description: "CNDT de março",
          kind: "LABOR_DEBT_CLEARANCE",
        },
      ],
    });
    expect(await screen.findByText("cndt.pdf")).toBeInTheDocument();
  });

  it("shows 'Erro ao enviar' with the size and format text when the upload is refused", async () => {
    const api = mockApi({
      "POST /api/app/supplier/qualificationDocumentsList": () => ({ body: listWith([]) }),
      "POST /api/upload": () => ({ status: 415, body: { message: "tipo" } }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Anexar documento: Outros documentos" }));
    const dialog = await screen.findByRole("dialog");
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(["not a pdf"], "falso.pdf", { type: "application/pdf" }));
    await user.click(within(dialog).getByRole("button", { name: "Salvar anexo" }));
    expect(await screen.findByText("Erro ao enviar")).toBeInTheDocument();
    expect(
      screen.getByText(
        "Verifique se o seu arquivo é válido e tente novamente: o tamanho máximo é 30 MB e os formatos aceitos são JPG, PNG e PDF.",
      ),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.endsWith("attachQualificationDocuments"))).toBe(false);
  });

  it("deletes after confirmation: 'Documento excluído'; a failure shows 'Erro ao excluir' and the server's text", async () => {
    let documents = [doc(), doc({ id: "d2", name: "outra.pdf" })];
    const api = mockApi({
      "POST /api/app/supplier/qualificationDocumentsList": () => ({ body: listWith(documents) }),
      "POST /api/app/supplier/deleteQualificationDocument": (body) => {
        const { id } = body as { id: string };
        if (id === "d2") return { status: 404, body: { message: "Documento não encontrado." } };
        documents = documents.filter((d) => d.id !== id);
        return { body: { id } };
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: `Excluir ${LONG_NAME}` }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(`Deseja mesmo excluir o documento "${LONG_NAME}"?`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));
    expect(await screen.findByText("Documento excluído")).toBeInTheDocument();
    expect(api.calls.find((c) => c.path.endsWith("deleteQualificationDocument"))?.body).toEqual({ id: "d1" });
    await waitFor(() => expect(screen.queryByRole("button", { name: `Excluir ${LONG_NAME}` })).toBeNull());

    await user.click(screen.getByRole("button", { name: "Excluir outra.pdf" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Excluir" }));
    expect(await screen.findByText("Erro ao excluir")).toBeInTheDocument();
    expect(screen.getByText("Documento não encontrado.")).toBeInTheDocument();
  });

  it("keeps the last file of a required item: 'Ação não permitida', no call; a sent document has no 'Excluir'", async () => {
    const api = mockApi({
      "POST /api/app/supplier/qualificationDocumentsList": () => ({
        body: listWith(
          [
            doc({ canDelete: false }),
            doc({
              id: "d3",
              name: "enviado.pdf",
              sentDatetime: "2026-03-03T10:00:00.000Z",
              canDelete: false,
            }),
          ],
          true,
        ),
      }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: `Excluir ${LONG_NAME}` }));
    expect(await screen.findByText("Ação não permitida")).toBeInTheDocument();
    expect(
      screen.getByText("Não é possível excluir todos os documentos em um item obrigatório"),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("button", { name: "Excluir enviado.pdf" })).toBeNull();
    expect(api.calls.some((c) => c.path.endsWith("deleteQualificationDocument"))).toBe(false);
  });
});
