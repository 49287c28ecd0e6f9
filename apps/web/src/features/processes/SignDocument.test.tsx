import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { processDetail, processStep, renderAdministration } from "../../test/process-fixtures";
import type { DocumentSignature, DocumentSignatures } from "./api";

// Issue 35 item 3 (planning §2.3 'Assinar o Documento', 'Imprimir pdf assinado', 'Assinaturas'): the
// modal signs the current version with the password (Lei 14.063/2020 art. 4 I) or a signed PDF; its
// errors sit on their field (issue 33: aria-invalid, aria-describedby, focus on the first); the
// signature is announced and the column shows the signers, a stale one marked.

afterEach(() => {
  vi.unstubAllGlobals();
});

const SHA = "a".repeat(64);
const DFD_LABEL = "Documento de Formalização de Demanda";

const signature = (overrides: Partial<DocumentSignature> = {}): DocumentSignature => ({
  id: "s-1",
  kind: "DEMAND_FORMALIZATION",
  method: "PLATFORM",
  methodLabel: "Assinatura eletrônica simples (Lei 14.063/2020)",
  signerName: "Felipe Araújo",
  signerCpf: "***.891.234-**",
  signerRole: "Equipe de planejamento",
  signedAt: "2026-11-20T13:00:00.000Z",
  documentSha256: SHA,
  stale: false,
  signedFile: null,
  ...overrides,
});

const read = (signatures: DocumentSignature[] = []): DocumentSignatures => ({
  kind: "DEMAND_FORMALIZATION",
  title: DFD_LABEL,
  documentSha256: SHA,
  fileName: "dfd-pa-21-2026.pdf",
  signatures,
});

const detailWith = (signatures: DocumentSignature[]) =>
  processDetail({
    steps: processDetail().steps.map((s) =>
      s.kind === "DEMAND_FORMALIZATION" ? processStep(s.kind, { status: "COMPLETED", signatures }) : s,
    ),
  });

async function openSigning() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: /^1 - Documento de Formalização/ }));
  await user.click(screen.getByRole("button", { name: `Assinar o Documento ${DFD_LABEL}` }));
  const dialog = await screen.findByRole("dialog", { name: `Assinar o Documento — ${DFD_LABEL}` });
  await within(dialog).findByText(SHA);
  return { user, dialog };
}

describe("'Assinar o Documento' (issue 35 item 3)", () => {
  it("signs with the password: a missing or wrong one is said on the field, the signature is announced and listed", async () => {
    let signed = false;
    const { calls } = mockApi({
      "POST /api/app/process/read": () => ({ body: detailWith(signed ? [signature()] : []) }),
      "POST /api/app/process/signature/read": () => ({ body: read() }),
      "POST /api/app/process/signature/sign": (body) => {
        if ((body as { password: string }).password !== "Demo@2026")
          return {
            status: 400,
            body: {
              message: "Senha incorreta.",
              properties: [{ property: "password", errorMessages: ["Senha incorreta."] }],
            },
          };
        signed = true;
        return { body: read([signature()]) };
      },
    });
    renderAdministration();
    const { user, dialog } = await openSigning();
    expect(within(dialog).getByRole("radio", { name: /com a sua senha/ })).toBeChecked();

    // Nothing typed: refused on the field, before any call.
    await user.click(within(dialog).getByRole("button", { name: "Assinar" }));
    const password = within(dialog).getByLabelText(/^Senha/);
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveAccessibleDescription(/Informe a sua senha\./);
    expect(calls.some((c) => c.path === "/api/app/process/signature/sign")).toBe(false);

    // A wrong password: the server's message on the same field.
    await user.type(password, "errada");
    await user.click(within(dialog).getByRole("button", { name: "Assinar" }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(/Senha incorreta\./));
    expect(password).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(password).toHaveFocus());

    await user.clear(password);
    await user.type(password, "Demo@2026");
    await user.click(within(dialog).getByRole("button", { name: "Assinar" }));
    const sent = calls.filter((c) => c.path === "/api/app/process/signature/sign").at(-1);
    expect(sent?.body).toEqual({
      processId: "p-21",
      kind: "DEMAND_FORMALIZATION",
      documentSha256: SHA,
      password: "Demo@2026",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Announced in a live region, and the column shows the signer.
    expect(
      screen.getAllByRole("status").some((s) => s.textContent === `Documento assinado: ${DFD_LABEL}`),
    ).toBe(true);
    const table = screen.getByRole("table", { name: `1 - ${DFD_LABEL}` });
    await waitFor(() =>
      expect(within(table).getByRole("cell", { name: "1 assinatura: Felipe Araújo" })).toBeInTheDocument(),
    );
    expect(screen.getByRole("link", { name: `Imprimir pdf assinado ${DFD_LABEL}` })).toHaveAttribute(
      "href",
      "/api/app/process/signature/pdf/DEMAND_FORMALIZATION/p-21",
    );
  });

  it("says a stale version in an alert and reads the current one again", async () => {
    let reads = 0;
    mockApi({
      "POST /api/app/process/read": () => ({ body: detailWith([]) }),
      "POST /api/app/process/signature/read": () => {
        reads++;
        return { body: read() };
      },
      "POST /api/app/process/signature/sign": () => ({
        status: 409,
        body: { message: "O documento mudou depois que você o abriu: esta versão está desatualizada." },
      }),
    });
    renderAdministration();
    const { user, dialog } = await openSigning();
    await user.type(within(dialog).getByLabelText(/^Senha/), "Demo@2026");
    await user.click(within(dialog).getByRole("button", { name: "Assinar" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("esta versão está desatualizada");
    await waitFor(() => expect(reads).toBe(2));
  });

  it("asks for the signed PDF on its field when the upload is chosen", async () => {
    const { calls } = mockApi({
      "POST /api/app/process/read": () => ({ body: detailWith([]) }),
      "POST /api/app/process/signature/read": () => ({ body: read() }),
    });
    renderAdministration();
    const { user, dialog } = await openSigning();
    await user.click(within(dialog).getByRole("radio", { name: /PDF assinado com certificado/ }));
    await user.click(within(dialog).getByRole("button", { name: "Assinar" }));
    const file = within(dialog).getByRole("button", { name: /^PDF assinado/ });
    await waitFor(() => expect(file).toHaveFocus());
    expect(file).toHaveAttribute("aria-invalid", "true");
    expect(file).toHaveAccessibleDescription(/Selecione o PDF assinado\./);
    expect(calls.some((c) => c.path === "/api/app/process/signature/upload")).toBe(false);
  });

  it("lists the signers in 'Assinaturas', a stale signature marked, and the signed PDFs sent in the modal", async () => {
    const signatures = [
      signature({ stale: true, documentSha256: "b".repeat(64) }),
      signature({
        id: "s-2",
        method: "UPLOADED",
        methodLabel: "PDF assinado enviado",
        signerName: "Marina Albuquerque",
        signedFile: {
          name: "dfd-assinado.pdf",
          sha256: "c".repeat(64),
          hasDigitalSignature: true,
          url: "/api/app/process/signature/file/s-2",
        },
      }),
    ];
    mockApi({
      "POST /api/app/process/read": () => ({ body: detailWith(signatures) }),
      "POST /api/app/process/signature/read": () => ({ body: read(signatures) }),
    });
    renderAdministration();
    const { dialog } = await openSigning();
    const table = screen.getByRole("table", { name: `1 - ${DFD_LABEL}` });
    expect(
      within(table).getByRole("cell", {
        name: "2 assinaturas: Felipe Araújo (desatualizada); Marina Albuquerque",
      }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("(desatualizada)")).toBeInTheDocument();
    expect(within(dialog).getByText("(vigente)")).toBeInTheDocument();
    expect(
      within(dialog).getByRole("link", { name: "PDF assinado enviado (dfd-assinado.pdf)" }),
    ).toHaveAttribute("href", "/api/app/process/signature/file/s-2");
  });
});
