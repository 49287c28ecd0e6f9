import { TextInput } from "@mantine/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type FormEvent, useState } from "react";
import { describe, expect, it } from "vitest";
import { ApiError } from "../api/client";
import { renderWithMantine } from "../test/render";
import { serverFieldErrors, useFocusFirstInvalid } from "./form-errors";

/** A form refused by the server's 400 (properties), as every form of the app handles it. */
function RefusedForm() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { ref, refused } = useFocusFirstInvalid();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refusal = new ApiError(400, "Dados inválidos", [
      { property: "email", errorMessages: ["E-mail inválido"] },
      { property: "name", errorMessages: ["Campo obrigatório"] },
    ]);
    setErrors(serverFieldErrors(refusal) ?? {});
    refused();
  };
  return (
    <form ref={ref} onSubmit={submit}>
      <TextInput label="Nome" error={errors.name} />
      <TextInput label="E-mail" error={errors.email} />
      <button type="submit">Salvar</button>
    </form>
  );
}

describe("useFocusFirstInvalid (issue 33)", () => {
  it("puts a refused form's server errors on their fields and the focus on the first one in the form", async () => {
    const user = userEvent.setup();
    renderWithMantine(<RefusedForm />);
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    const name = screen.getByRole("textbox", { name: "Nome" });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription("Campo obrigatório");
    expect(screen.getByRole("textbox", { name: "E-mail" })).toHaveAccessibleDescription("E-mail inválido");
  });

  it("leaves the focus alone before any refusal", () => {
    renderWithMantine(<RefusedForm />);
    expect(screen.getByRole("textbox", { name: "Nome" })).not.toHaveFocus();
  });
});
