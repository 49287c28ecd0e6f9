import { USER_KIND_LABELS } from "@certame/domain";
import { AppShell, Avatar, Burger, Group, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Outlet, useNavigate } from "react-router";
import { Brand } from "../../ui/brand/Brand";
import { notifyApiError } from "../../ui/notify";
import { useSession } from "../auth/session";
import { useLogout } from "../auth/session-actions";
import { organisationName } from "../auth/types";
import { RegistrationStatusBanner } from "../registration-analysis/RegistrationStatusBanner";
import classes from "./AppLayout.module.css";
import { SideMenu } from "./SideMenu";
import { useMenu } from "./useMenu";

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    (parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "")
  ).toUpperCase();
}

/** The logged-in layout: top bar with the user and the organisation, side menu, page. */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { user } = useSession();
  const menu = useMenu();
  const logout = useLogout();
  const navigate = useNavigate();

  if (!user) return null;
  const organisation = organisationName(user);

  const doLogout = async () => {
    try {
      await logout.mutateAsync();
    } catch (error) {
      notifyApiError(error);
      return;
    }
    // Leave the authenticated area first (rendered at once), so the session guard does not send us to /login.
    await navigate("/editais", { replace: true, flushSync: true });
    logout.forget();
  };

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding={{ base: "md", sm: "lg", lg: "xl" }}
    >
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              color="white"
              aria-label={opened ? "Fechar menu" : "Abrir menu"}
            />
            <Brand to="/editais-publicados" inverted />
          </Group>
          <div className={classes.user}>
            <Group gap="sm" wrap="nowrap">
              <Stack gap={0} align="flex-end" className={classes.userText} visibleFrom="xs">
                <Text size="sm" fw={600} c="white" lh={1.25} truncate="end" maw={260} data-testid="user-name">
                  {user.name}
                </Text>
                <Text
                  size="xs"
                  c="certame.1"
                  lh={1.25}
                  truncate="end"
                  maw={260}
                  data-testid="user-organisation"
                >
                  {organisation ?? USER_KIND_LABELS[user.kind]}
                </Text>
              </Stack>
              <Avatar
                color="white"
                variant="filled"
                radius="xl"
                size={36}
                className={classes.avatar}
                title={organisation ? `${user.name} — ${organisation}` : user.name}
              >
                {initials(user.name)}
              </Avatar>
            </Group>
          </div>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar className={classes.navbar} aria-label="Menu">
        <SideMenu items={menu} onNavigate={close} onLogout={doLogout} loggingOut={logout.isPending} />
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        <div className={classes.page}>
          <RegistrationStatusBanner user={user} />
          <Outlet />
        </div>
      </AppShell.Main>
    </AppShell>
  );
}
