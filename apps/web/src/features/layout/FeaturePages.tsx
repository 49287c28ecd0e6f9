import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconClockHour4, IconMapOff } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { PageTitle } from "../../ui/page/PageTitle";
import { usePageTitle } from "../../ui/page-title";
import { UNAVAILABLE_FEATURE_TEXT } from "../../ui/texts";
import { isRouteActive, type MenuItem, menuLinks } from "./menus";
import { useMenu } from "./useMenu";

/** The menu entry that owns a path (the longest matching route), or undefined. */
export function findMenuEntry(items: readonly MenuItem[], pathname: string): MenuItem | undefined {
  return menuLinks(items)
    .filter((item) => isRouteActive(item.route, pathname))
    .sort((a, b) => b.route.length - a.route.length)[0];
}

/** The page of a menu entry whose feature is not part of this version yet. */
export function UnavailableFeaturePage({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" py="lg" ta="center">
          <ThemeIcon size={52} radius="xl" variant="light">
            <IconClockHour4 size={28} />
          </ThemeIcon>
          <Text maw={520}>{UNAVAILABLE_FEATURE_TEXT}</Text>
        </Stack>
      </Paper>
    </>
  );
}

export function NotFoundContent() {
  usePageTitle("Página não encontrada");
  return (
    <Center py={64}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconMapOff size={30} />
        </ThemeIcon>
        <Title order={1} fz={24}>
          Página não encontrada
        </Title>
        <Text c="dimmed" maw={460}>
          O endereço acessado não existe ou não está disponível para o seu perfil.
        </Text>
        <Button component={Link} to="/editais" variant="light" mt="xs">
          Ir para os editais publicados
        </Button>
      </Stack>
    </Center>
  );
}

/**
 * A route of the side menu whose feature does not exist yet: shows the entry's title and the
 * unavailable text — but only when the entry is in the user's own menu.
 */
export function MenuEntryPage() {
  const { pathname } = useLocation();
  const entry = findMenuEntry(useMenu(), pathname);
  if (!entry) return <NotFoundContent />;
  return <UnavailableFeaturePage title={entry.title} />;
}

/** A feature page that only opens for users whose own menu has its entry (`route`, or the current path). */
export function MenuGuard({ route, children }: { route?: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const entry = findMenuEntry(useMenu(), route ?? pathname);
  if (!entry) return <NotFoundContent />;
  return <>{children}</>;
}
