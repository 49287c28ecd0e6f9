import { Anchor, AppShell, Burger, Button, Container, Group, NavLink, Stack, Text } from "@mantine/core";
import { useDisclosure, useWindowEvent } from "@mantine/hooks";
import { IconLogin2, IconUserCircle, IconUserPlus } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { Link, Outlet, NavLink as RouterNavLink, useLocation } from "react-router";
import { useSettings } from "../../api/settings";
import { Brand } from "../../ui/brand/Brand";
import { useSession } from "../auth/session";
import { PUBLIC_LINKS } from "./links";
import classes from "./PublicLayout.module.css";

/** The public site: header with the institutional links and 'Entrar', the page, a footer. */
export function PublicLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const { user } = useSession();
  const settings = useSettings();

  const burgerRef = useRef<HTMLButtonElement>(null);

  // Escape closes the open mobile menu and gives the focus back to its toggle.
  useWindowEvent("keydown", (event) => {
    if (event.key !== "Escape" || !opened) return;
    close();
    burgerRef.current?.focus();
  });

  // A link followed from the mobile menu closes it.
  useEffect(() => {
    if (pathname) close();
  }, [pathname, close]);

  return (
    <AppShell
      header={{ height: 68 }}
      navbar={{ width: 280, breakpoint: "md", collapsed: { desktop: true, mobile: !opened } }}
      padding={0}
    >
      <AppShell.Header className={classes.header}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Brand to="/editais" />
            <nav aria-label="Navegação principal" className={classes.desktopNav}>
              <Group gap={2} wrap="nowrap" visibleFrom="md">
                {PUBLIC_LINKS.map((link) => (
                  <RouterNavLink key={link.to} to={link.to} className={classes.link}>
                    {link.label}
                  </RouterNavLink>
                ))}
              </Group>
            </nav>
            <Group gap="xs" wrap="nowrap">
              {user ? (
                <Button component={Link} to="/editais-publicados" leftSection={<IconUserCircle size={18} />}>
                  Minha área
                </Button>
              ) : (
                <>
                  {/* Sign-up (issue 13); compact below 576 px so the header still fits a 390 px phone. */}
                  <Button
                    component={Link}
                    to="/cadastro"
                    variant="default"
                    className={classes.headerButton}
                    leftSection={<IconUserPlus size={18} className={classes.headerIcon} aria-hidden />}
                  >
                    Cadastre-se
                  </Button>
                  <Button
                    component={Link}
                    to="/login"
                    className={classes.headerButton}
                    leftSection={<IconLogin2 size={18} className={classes.headerIcon} aria-hidden />}
                  >
                    Entrar
                  </Button>
                </>
              )}
              <Burger
                ref={burgerRef}
                opened={opened}
                onClick={toggle}
                hiddenFrom="md"
                size="sm"
                aria-label={opened ? "Fechar menu" : "Abrir menu"}
                aria-expanded={opened}
                aria-controls="menu-publico"
              />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Menu" id="menu-publico">
        <nav aria-label="Navegação principal (móvel)">
          {PUBLIC_LINKS.map((link) => (
            <NavLink
              key={link.to}
              component={RouterNavLink}
              to={link.to}
              label={link.label}
              active={pathname === link.to}
              onClick={close}
            />
          ))}
        </nav>
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        <div className={classes.content}>
          <Outlet />
        </div>
        <footer className={classes.footer}>
          <Container size="xl">
            <Group justify="space-between" align="flex-start" gap="lg">
              <Stack gap={4}>
                <Text fw={700} c="white">
                  Certame
                </Text>
                <Text size="sm" c="certame.1">
                  Plataforma eletrônica de compras públicas para órgãos e fornecedores.
                </Text>
              </Stack>
              <Group gap="md">
                {PUBLIC_LINKS.map((link) => (
                  <Anchor key={link.to} component={Link} to={link.to} size="sm" c="certame.0">
                    {link.label}
                  </Anchor>
                ))}
              </Group>
            </Group>
            <Text size="xs" c="certame.2" mt="lg">
              Horários no horário oficial de Brasília.
              {settings.data?.version ? ` Versão ${settings.data.version}.` : ""}
            </Text>
          </Container>
        </footer>
      </AppShell.Main>
    </AppShell>
  );
}
