import { notifications } from "@mantine/notifications";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/client";
import { renderWithMantine } from "../test/render";
import { NOTIFICATION_DURATION } from "./durations";
import { errorMessageOf, notifyApiError, notifyError, notifySuccess, notifyWarning } from "./notify";

afterEach(() => {
  act(() => notifications.clean());
  vi.restoreAllMocks();
});

describe("notifications", () => {
  it.each([
    ["an error", () => notifyError("Erro", "Falhou"), "red"],
    ["a warning", () => notifyWarning("Atenção", "Confira"), "yellow"],
    ["a success", () => notifySuccess("Salvo"), "teal"],
  ])(
    // The theme sets each tone's fill to its status colour (app/status-colors.test.ts measures it).
    "colours %s toast with its tone's fill, the theme's readable status colour (issue 33)",
    async (_, show, color) => {
      renderWithMantine(<div />);
      act(() => {
        show();
      });
      const toast = (await screen.findByRole("alert")) as HTMLElement;
      expect(toast.style.getPropertyValue("--notification-color")).toBe(
        `var(--mantine-color-${color}-filled)`,
      );
    },
  );

  it("shows 'Erro' / the connection text by default", async () => {
    renderWithMantine(<div />);
    act(() => {
      notifyError();
    });
    expect(await screen.findByText("Houve um erro connexão com o servidor")).toBeInTheDocument();
    expect(screen.getByText("Erro")).toBeInTheDocument();
  });

  it("shows the given title and message", async () => {
    renderWithMantine(<div />);
    act(() => {
      notifyError("Erro ao excluir", "Documento em uso");
    });
    expect(await screen.findByText("Documento em uso")).toBeInTheDocument();
    expect(screen.getByText("Erro ao excluir")).toBeInTheDocument();
  });

  it("shows a server message instead of the connection text", async () => {
    renderWithMantine(<div />);
    act(() => {
      notifyApiError(new ApiError(409, "Edital já publicado"));
    });
    expect(await screen.findByText("Edital já publicado")).toBeInTheDocument();
    expect(screen.queryByText("Houve um erro connexão com o servidor")).toBeNull();
  });

  it("uses the connection text when the server sent no message", () => {
    expect(errorMessageOf(new ApiError(500, undefined))).toBe("Houve um erro connexão com o servidor");
    expect(errorMessageOf(new TypeError("Failed to fetch"))).toBe("Houve um erro connexão com o servidor");
  });

  it("shows success and warning notifications with their durations", async () => {
    const show = vi.spyOn(notifications, "show");
    renderWithMantine(<div />);
    act(() => {
      notifySuccess("Edital publicado com sucesso!");
      notifyWarning("Erro: Quantidade", "Deve ser maior que zero", {
        duration: NOTIFICATION_DURATION.publishOrFinishError,
      });
    });
    expect(await screen.findByText("Edital publicado com sucesso!")).toBeInTheDocument();
    expect(screen.getByText("Deve ser maior que zero")).toBeInTheDocument();
    expect(show.mock.calls[0]?.[0]).toMatchObject({
      color: "teal",
      autoClose: NOTIFICATION_DURATION.success,
    });
    expect(show.mock.calls[1]?.[0]).toMatchObject({ color: "yellow", autoClose: 6000 });
  });

  it("keeps publish and finish errors for 6 seconds", () => {
    expect(NOTIFICATION_DURATION.publishOrFinishError).toBe(6000);
  });
});

describe("a success after errors", () => {
  it("closes the error and warning notifications shown before it, and keeps itself", async () => {
    renderWithMantine(<div />);
    act(() => {
      notifyError("Erro", "Dados inválidos");
      notifyWarning("Erro: Quantidade", "Deve ser maior que zero");
    });
    expect(await screen.findByText("Dados inválidos")).toBeInTheDocument();
    expect(screen.getByText("Deve ser maior que zero")).toBeInTheDocument();
    act(() => {
      notifySuccess("Edital cadastrado com sucesso");
    });
    expect(await screen.findByText("Edital cadastrado com sucesso")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Dados inválidos")).toBeNull());
    expect(screen.queryByText("Deve ser maior que zero")).toBeNull();
    // A later error shows again beside the success.
    act(() => {
      notifyError("Erro", "Falhou de novo");
    });
    expect(await screen.findByText("Falhou de novo")).toBeInTheDocument();
    expect(screen.getByText("Edital cadastrado com sucesso")).toBeInTheDocument();
  });
});
