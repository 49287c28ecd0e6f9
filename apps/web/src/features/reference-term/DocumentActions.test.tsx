import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { renderWithMantine } from "../../test/render";
import type { ReferenceTermSignatureView } from "./api";
import { DocumentActions } from "./DocumentActions";

// The reference term's document actions (issue 16 item 5): Word and PDF downloads, print, and the
// signed-PDF upload with the SHA-256 recorded.

const PID = "7d1f0a52-5b7e-4a3e-9c1e-2f6a4b8c9d01";
const SIGNED: ReferenceTermSignatureView = {
  fileName: "termo-assinado.pdf",
  signedSha256: "a".repeat(64),
  issuedSha256: "b".repeat(64),
  signedAt: "2026-11-26T18:30:00.000Z",
  signedBy: "Maria Souza",
  stale: false,
};

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => "blob:x"), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function Harness({ initial }: { initial: ReferenceTermSignatureView | null }) {
  const [signature, setSignature] = useState(initial);
  return (
    <DocumentActions
      processId={PID}
      signature={signature}
      onSigned={async (view) => {
        setSignature(view?.signature ?? null);
      }}
    />
  );
}

describe("DocumentActions", () => {
  it("downloads the Word and PDF files by POST with the process id", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "POST /api/app/referenceTerm/word": () => ({ body: "docx" }),
      "POST /api/app/referenceTerm/pdf": () => ({ body: "pdf" }),
    });
    renderWithMantine(<Harness initial={null} />);
    await user.click(screen.getByRole("button", { name: "Baixar Word" }));
    await user.click(screen.getByRole("button", { name: "Baixar PDF" }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(2));
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ["/api/app/referenceTerm/word", { process: { id: PID } }],
      ["/api/app/referenceTerm/pdf", { process: { id: PID } }],
    ]);
  });

  it("opens the PDF in a new tab to print", async () => {
    const user = userEvent.setup();
    mockApi({ "POST /api/app/referenceTerm/pdf": () => ({ body: "pdf" }) });
    const tab = { location: { href: "" }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal("open", open);
    renderWithMantine(<Harness initial={null} />);
    await user.click(screen.getByRole("button", { name: "Imprimir" }));
    await waitFor(() => expect(tab.location.href).toBe("blob:x"));
    expect(open).toHaveBeenCalledWith("", "_blank");
  });

  it("refuses a non-PDF, uploads the signed PDF and shows its SHA-256 and date", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { calls } = mockApi({
      "POST /api/app/referenceTerm/signature": () => ({
        body: { signature: { ...SIGNED, hasDigitalSignature: true } },
      }),
    });
    renderWithMantine(<Harness initial={null} />);
    await user.click(screen.getByRole("button", { name: "Assinar" }));
    const dialog = await screen.findByRole("dialog", { name: "Assinar Termo de Referência" });
    expect(within(dialog).getByText("Nenhum PDF assinado enviado.")).toBeInTheDocument();
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("sem campo de arquivo");
    await user.upload(input, new File(["texto"], "nota.txt", { type: "text/plain" }));
    expect(await within(dialog).findByText("Envie um arquivo PDF.")).toBeInTheDocument();
    const send = within(dialog).getByRole("button", { name: "Enviar PDF assinado" });
    expect(send).toBeDisabled();

    await user.upload(input, new File(["%PDF-1.4"], "termo-assinado.pdf", { type: "application/pdf" }));
    expect(send).toBeEnabled();
    await user.click(send);
    const record = await within(dialog).findByTestId("signature-record");
    expect(record).toHaveTextContent("a".repeat(64));
    expect(record).toHaveTextContent("b".repeat(64));
    expect(record).toHaveTextContent("26/11/2026 15:30");
    expect(record).toHaveTextContent("Assinatura digital encontrada no PDF: Sim");
    expect(calls.filter((c) => c.path === "/api/app/referenceTerm/signature")).toHaveLength(1);
  });

  it("says plainly when the signature no longer matches the term", () => {
    mockApi({});
    renderWithMantine(<Harness initial={{ ...SIGNED, stale: true }} />);
    expect(screen.getByRole("status")).toHaveTextContent(/foi alterado depois desta assinatura/);
  });
});
