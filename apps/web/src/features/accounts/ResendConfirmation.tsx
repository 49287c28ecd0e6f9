import { isValidEmail } from "@certame/domain";
import { Alert, Button, Group, Stack, TextInput } from "@mantine/core";
import { IconMailForward } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessageOf } from "../../ui/notify";
import { resendConfirmation } from "./api";

/**
 * 'Reenviar e-mail de confirmação': with the address known (after sign-up, or typed at the login)
 * only the button; otherwise an e-mail field first. The answer is the server's neutral message.
 */
export function ResendConfirmation({ email: knownEmail }: { email?: string }) {
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const email = (knownEmail ?? typed).trim();
  const resend = useMutation({ mutationFn: resendConfirmation });

  const submit = () => {
    if (!isValidEmail(email)) {
      setError(email === "" ? "Campo obrigatório" : "E-mail inválido");
      return;
    }
    setError(null);
    resend.mutate(email);
  };

  return (
    <Stack gap="sm">
      {knownEmail === undefined && (
        <TextInput
          label="E-mail do cadastro"
          type="email"
          autoComplete="email"
          value={typed}
          error={error}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            setError(null);
          }}
        />
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconMailForward size={18} />}
          loading={resend.isPending}
          onClick={submit}
        >
          Reenviar e-mail de confirmação
        </Button>
      </Group>
      <div aria-live="polite">
        {resend.isSuccess && (
          <Alert color="teal" variant="light" role="status">
            {resend.data.message}
          </Alert>
        )}
        {resend.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessageOf(resend.error)}
          </Alert>
        )}
      </div>
    </Stack>
  );
}
