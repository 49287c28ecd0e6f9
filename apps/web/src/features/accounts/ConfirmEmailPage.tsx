import { Alert, Button, Center, Container, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconLogin2 } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { errorMessageOf } from "../../ui/notify";
import { usePageTitle } from "../../ui/page-title";
import { confirmEmail } from "./api";
import { ResendConfirmation } from "./ResendConfirmation";

export const MISSING_LINK_MESSAGE = "Link inválido.";

/** The card of the one-time link pages. */
export function LinkCard({ children }: { children: ReactNode }) {
  return (
    <Container size={520} py={48}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: "lg", sm: 32 }}>
        <Stack gap="md">{children}</Stack>
      </Paper>
    </Container>
  );
}

/**
 * /confirmar-email?token=… (the link of the confirmation e-mail): confirms on opening and says how
 * it went. The call is a query keyed by the token, so it is made once even when the page renders
 * twice (React's strict mode) and never again on focus; a failed link offers a new e-mail.
 */
export function ConfirmEmailPage() {
  usePageTitle("Confirmação de e-mail");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const result = useQuery({
    queryKey: ["public", "confirmEmail", token],
    queryFn: () => confirmEmail(token),
    enabled: token !== "",
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: false,
    retry: false,
  });

  if (token !== "" && result.isPending)
    return (
      <LinkCard>
        <Title order={1} fz={24} c="certame.9">
          Confirmação de e-mail
        </Title>
        <Center py="md" aria-live="polite">
          <Loader role="progressbar" aria-label="Confirmando o e-mail" />
        </Center>
      </LinkCard>
    );

  if (result.isSuccess)
    return (
      <LinkCard>
        <IconCircleCheck size={40} color="var(--mantine-color-teal-7)" aria-hidden />
        <Title order={1} fz={24} c="certame.9">
          E-mail confirmado
        </Title>
        <Text role="status">{result.data.message}</Text>
        <Button component={Link} to="/login" leftSection={<IconLogin2 size={18} />} w="fit-content">
          Entrar
        </Button>
      </LinkCard>
    );

  return (
    <LinkCard>
      <Title order={1} fz={24} c="certame.9">
        Não foi possível confirmar o e-mail
      </Title>
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {token === "" ? MISSING_LINK_MESSAGE : errorMessageOf(result.error)}
      </Alert>
      <Text size="sm">
        Peça um novo e-mail de confirmação ou, se o e-mail já estiver confirmado, entre com sua senha.
      </Text>
      <ResendConfirmation />
      <Button
        component={Link}
        to="/login"
        variant="subtle"
        leftSection={<IconLogin2 size={18} />}
        w="fit-content"
      >
        Ir para o login
      </Button>
    </LinkCard>
  );
}
