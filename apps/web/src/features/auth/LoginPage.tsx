import { EMAIL_NOT_CONFIRMED_MESSAGE } from "@certame/domain";
import {
  Alert,
  Anchor,
  Button,
  Container,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconAlertCircle, IconLogin2, IconMailExclamation } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { ApiError } from "../../api/client";
import { errorMessageOf } from "../../ui/notify";
import { usePageTitle } from "../../ui/page-title";
import { landingPath } from "../accounts/landing";
import { ResendConfirmation } from "../accounts/ResendConfirmation";
import { useSession } from "./session";
import { useLogin } from "./session-actions";

export const AFTER_LOGIN_PATH = "/editais-publicados";

/**
 * The login field takes an e-mail or a CPF/CNPJ; a document goes to the server without its
 * punctuation ('123.456.789-09' → '12345678909'; an alphanumeric CNPJ keeps its letters, upper-cased).
 */
export function normalizeLogin(text: string): string {
  const trimmed = text.trim();
  if (trimmed.includes("@")) return trimmed;
  return trimmed.replace(/[.\-/\s]/g, "").toUpperCase();
}

export function LoginPage() {
  const navigate = useNavigate();
  const session = useSession();
  const login = useLogin();
  const [identifier, setIdentifier] = useState("");
  const [password, setPassword] = useState("");
  usePageTitle("Entrar");

  if (session.user) return <Navigate to={landingPath(session.user, AFTER_LOGIN_PATH)} replace />;

  const canSubmit = identifier.trim() !== "" && password !== "" && !login.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    login.mutate(
      { login: normalizeLogin(identifier), password },
      // An unfinished registration of a body or supplier is where its user continues (issue 13).
      { onSuccess: (user) => navigate(landingPath(user, AFTER_LOGIN_PATH), { replace: true }) },
    );
  };

  return (
    <Container size={460} py={56}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: "lg", sm: 32 }}>
        <Stack gap="lg" component="form" onSubmit={submit} aria-label="Entrar">
          <Stack gap={4}>
            <Title order={1} fz={26} c="certame.9">
              Entrar
            </Title>
            <Text size="sm" c="dimmed">
              Acesse com seu e-mail ou CPF/CNPJ e sua senha.
            </Text>
          </Stack>
          {/* 403: the right password on an account whose e-mail is not confirmed yet (issue 13). */}
          {login.isError &&
          login.error instanceof ApiError &&
          login.error.message === EMAIL_NOT_CONFIRMED_MESSAGE ? (
            <Alert
              color="orange"
              icon={<IconMailExclamation size={18} />}
              role="alert"
              title="E-mail não confirmado"
            >
              <Stack gap="sm">
                <Text size="sm">{errorMessageOf(login.error)}</Text>
                <ResendConfirmation
                  email={identifier.includes("@") ? identifier.trim().toLowerCase() : undefined}
                />
              </Stack>
            </Alert>
          ) : (
            login.isError && (
              <Alert
                color="red"
                icon={<IconAlertCircle size={18} />}
                role="alert"
                title="Não foi possível entrar"
              >
                {errorMessageOf(login.error)}
              </Alert>
            )
          )}
          <TextInput
            label="E-mail ou CPF/CNPJ"
            placeholder="nome@exemplo.gov.br ou 000.000.000-00"
            autoComplete="username"
            required
            value={identifier}
            onChange={(e) => setIdentifier(e.currentTarget.value)}
          />
          <PasswordInput
            label="Senha"
            autoComplete="current-password"
            visibilityToggleButtonProps={{ "aria-label": "Mostrar ou ocultar a senha" }}
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Anchor
            component={Link}
            to="/esqueci-minha-senha"
            size="sm"
            underline="always"
            mt={-8}
            w="fit-content"
          >
            Esqueci minha senha
          </Anchor>
          <Button
            type="submit"
            size="md"
            disabled={!canSubmit}
            loading={login.isPending}
            leftSection={<IconLogin2 size={18} />}
          >
            Entrar
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            Ainda não tem conta?{" "}
            <Anchor component={Link} to="/cadastro" underline="always">
              Criar conta
            </Anchor>
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            Quer apenas consultar processos?{" "}
            <Anchor component={Link} to="/editais" underline="always">
              Veja os editais publicados
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
