import { resetPasswordSchema } from "@certame/domain";
import { Alert, Anchor, Button, Center, Loader, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconKey, IconLogin2 } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { serverFieldErrors, useFocusFirstInvalid } from "../../ui/form-errors";
import { errorMessageOf } from "../../ui/notify";
import { usePageTitle } from "../../ui/page-title";
import { resetPassword, type TokenStatus, tokenStatus } from "./api";
import { LinkCard } from "./ConfirmEmailPage";
import { issuesToFieldErrors } from "./form";
import { PasswordChecklist } from "./PasswordChecklist";

/** What the page says of a link that cannot be used, before any form. */
export function linkStateMessage(state: TokenStatus, invitation: boolean): string {
  if (state.status === "EXPIRED")
    return invitation
      ? "Este convite expirou. Peça ao órgão que envie um novo convite."
      : "Este link expirou. Peça uma nova redefinição de senha.";
  if (state.status === "USED") return "Este link já foi usado ou foi substituído por um mais recente.";
  return "Link inválido. Confira se o endereço foi copiado inteiro do e-mail.";
}

const PURPOSES = ["RESET_PASSWORD", "SET_PASSWORD"];

/**
 * /redefinir-senha and /definir-senha (?token=…): the link's state is asked first (tokenStatus), so
 * an expired or used link is said before the form; then the new password with the rule's checklist.
 * The server checks the rule again with the account's e-mail and CPF and ends every session.
 */
export function ResetPasswordPage() {
  const invitation = useLocation().pathname.startsWith("/definir-senha");
  const heading = invitation ? "Definir senha" : "Redefinir senha";
  usePageTitle(heading);
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { ref: formRef, refused } = useFocusFirstInvalid();
  const doneRef = useRef<HTMLHeadingElement>(null);

  const status = useQuery({
    queryKey: ["public", "tokenStatus", token],
    queryFn: () => tokenStatus(token),
    enabled: token !== "",
    retry: false,
    refetchOnWindowFocus: false,
  });
  const mutation = useMutation({ mutationFn: resetPassword });

  useEffect(() => {
    if (mutation.isSuccess) doneRef.current?.focus();
  }, [mutation.isSuccess]);

  if (mutation.isSuccess)
    return (
      <LinkCard>
        <IconCircleCheck size={40} color="var(--mantine-color-teal-7)" aria-hidden />
        <Title order={1} fz={24} c="certame.9" ref={doneRef} tabIndex={-1}>
          Senha definida
        </Title>
        <Text role="status">{mutation.data.message}</Text>
        <Button component={Link} to="/login" leftSection={<IconLogin2 size={18} />} w="fit-content">
          Entrar
        </Button>
      </LinkCard>
    );

  if (token !== "" && status.isPending)
    return (
      <LinkCard>
        <Title order={1} fz={24} c="certame.9">
          {heading}
        </Title>
        <Center py="md">
          <Loader role="progressbar" aria-label="Verificando o link" />
        </Center>
      </LinkCard>
    );

  const state: TokenStatus | null =
    token === "" ? { status: "INVALID" } : status.isSuccess ? status.data : null;
  const unusable =
    state && (state.status !== "VALID" || !PURPOSES.includes(state.purpose ?? ""))
      ? linkStateMessage(state.status === "VALID" ? { status: "INVALID" } : state, invitation)
      : null;

  if (unusable || status.isError)
    return (
      <LinkCard>
        <Title order={1} fz={24} c="certame.9">
          {heading}
        </Title>
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {unusable ?? errorMessageOf(status.error)}
        </Alert>
        {!invitation && (
          <Button component={Link} to="/esqueci-minha-senha" variant="light" w="fit-content">
            Pedir um novo link
          </Button>
        )}
        <Anchor component={Link} to="/login" underline="always">
          Ir para o login
        </Anchor>
      </LinkCard>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = { token, password, passwordConfirmation: confirmation };
    const parsed = resetPasswordSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error));
      refused();
      return;
    }
    mutation.mutate(payload, {
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (fields) {
          setErrors(fields);
          refused();
        }
      },
    });
  };

  // A link spent or expired between the check and the submission: the server says so on `token`.
  const linkError = errors.token;
  const generalError = mutation.isError && !serverFieldErrors(mutation.error);

  return (
    <LinkCard>
      <form ref={formRef} onSubmit={submit} aria-label={heading} noValidate>
        <Stack gap="md">
          <Title order={1} fz={26} c="certame.9">
            {heading}
          </Title>
          <Text size="sm" c="dimmed">
            {invitation
              ? "Crie a senha do seu acesso ao Certame."
              : "Crie uma nova senha. Ao salvar, as sessões abertas com a senha antiga são encerradas."}
          </Text>
          {(linkError || generalError) && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {linkError ?? errorMessageOf(mutation.error)}
            </Alert>
          )}
          <div>
            <PasswordInput
              label="Nova senha"
              withAsterisk
              autoComplete="new-password"
              visibilityToggleButtonProps={{ "aria-label": "Mostrar ou ocultar a senha" }}
              value={password}
              error={errors.password}
              // PasswordInput does not mark its field invalid itself.
              aria-invalid={Boolean(errors.password)}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setErrors(({ password: _, ...rest }) => rest);
              }}
            />
            <PasswordChecklist id="regra-da-senha" password={password} />
          </div>
          <PasswordInput
            label="Confirmação da nova senha"
            withAsterisk
            autoComplete="new-password"
            visibilityToggleButtonProps={{ "aria-label": "Mostrar ou ocultar a confirmação" }}
            value={confirmation}
            error={errors.passwordConfirmation}
            // PasswordInput does not mark its field invalid itself.
            aria-invalid={Boolean(errors.passwordConfirmation)}
            onChange={(e) => {
              setConfirmation(e.currentTarget.value);
              setErrors(({ passwordConfirmation: _, ...rest }) => rest);
            }}
          />
          <Button type="submit" loading={mutation.isPending} leftSection={<IconKey size={18} />}>
            Salvar senha
          </Button>
        </Stack>
      </form>
    </LinkCard>
  );
}
