import { accountEmailSchema } from "@certame/domain";
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconAlertCircle, IconMailForward } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { serverFieldErrors } from "../../ui/form-errors";
import { errorMessageOf } from "../../ui/notify";
import { usePageTitle } from "../../ui/page-title";
import { requestPasswordReset } from "./api";
import { LinkCard } from "./ConfirmEmailPage";
import { issuesToFieldErrors } from "./form";

/**
 * 'Esqueci minha senha' (/esqueci-minha-senha): asks for the e-mail and shows the server's neutral
 * answer (the same whether or not the account exists); the link arrives by e-mail.
 */
export function ForgotPasswordPage() {
  usePageTitle("Esqueci minha senha");
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const mutation = useMutation({ mutationFn: requestPasswordReset });

  useEffect(() => {
    if (mutation.isSuccess) doneRef.current?.focus();
  }, [mutation.isSuccess]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = accountEmailSchema.safeParse({ email });
    if (!parsed.success) {
      setError(issuesToFieldErrors(parsed.error).email ?? null);
      inputRef.current?.focus();
      return;
    }
    mutation.mutate(parsed.data.email, {
      onError: (failure) => {
        const fields = serverFieldErrors(failure);
        if (fields?.email) {
          setError(fields.email);
          inputRef.current?.focus();
        }
      },
    });
  };

  return (
    <LinkCard>
      <Title order={1} fz={26} c="certame.9">
        Esqueci minha senha
      </Title>
      {mutation.isSuccess ? (
        <>
          <Alert color="teal" variant="light" role="status">
            <Text ref={doneRef} tabIndex={-1}>
              {mutation.data.message}
            </Text>
          </Alert>
          <Text size="sm" c="dimmed">
            O link vale por 1 hora e só pode ser usado uma vez. Não recebeu? Verifique a caixa de spam; um
            novo pedido pode ser feito depois de 1 minuto.
          </Text>
          <Anchor component={Link} to="/login" underline="always">
            Voltar ao login
          </Anchor>
        </>
      ) : (
        <form onSubmit={submit} aria-label="Esqueci minha senha" noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Informe o e-mail do seu cadastro. Enviaremos um link para você criar uma nova senha.
            </Text>
            {mutation.isError && !serverFieldErrors(mutation.error) && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {errorMessageOf(mutation.error)}
              </Alert>
            )}
            <TextInput
              ref={inputRef}
              label="E-mail"
              type="email"
              withAsterisk
              autoComplete="email"
              maxLength={254}
              value={email}
              error={error}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setError(null);
              }}
            />
            <Button type="submit" loading={mutation.isPending} leftSection={<IconMailForward size={18} />}>
              Enviar link
            </Button>
            <Anchor component={Link} to="/login" underline="always" size="sm" ta="center">
              Voltar ao login
            </Anchor>
          </Stack>
        </form>
      )}
    </LinkCard>
  );
}
