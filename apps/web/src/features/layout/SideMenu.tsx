import { NavLink, ScrollArea, Stack } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { menuIcon, menuSecondaryIcon } from "./menu-icons";
import { isRouteActive, type MenuItem } from "./menus";
import classes from "./SideMenu.module.css";

interface SideMenuProps {
  items: readonly MenuItem[];
  onNavigate: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}

function MenuLink({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const active = isRouteActive(item.route, pathname);
  const Icon = menuIcon(item);
  const Secondary = menuSecondaryIcon(item);
  return (
    <NavLink
      component={Link}
      to={item.route}
      label={item.title}
      active={active}
      aria-current={active ? "page" : undefined}
      leftSection={<Icon size={19} stroke={1.6} />}
      rightSection={
        <Secondary size={14} stroke={1.8} className={classes.secondary} data-visible={active || undefined} />
      }
      onClick={onNavigate}
      className={classes.item}
    />
  );
}

function MenuGroup({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const containsActive = (item.submenu ?? []).some((child) => isRouteActive(child.route, pathname));
  const [opened, setOpened] = useState(containsActive);
  const Icon = menuIcon(item);
  const Secondary = menuSecondaryIcon(item);
  return (
    <NavLink
      component="button"
      type="button"
      label={item.title}
      opened={opened}
      onChange={setOpened}
      active={containsActive && !opened}
      leftSection={<Icon size={19} stroke={1.6} />}
      rightSection={
        <Secondary size={14} stroke={1.8} className={classes.chevron} data-opened={opened || undefined} />
      }
      disableRightSectionRotation
      childrenOffset={28}
      className={classes.item}
      aria-expanded={opened}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a submenu is a group of links, not a form fieldset */}
      <div role="group" aria-label={item.title}>
        {(item.submenu ?? []).map((child) => (
          <MenuLink key={child.route} item={child} onNavigate={onNavigate} />
        ))}
      </div>
    </NavLink>
  );
}

/** The side menu: the entries of the user's kind (with their submenus) and 'Sair'. */
export function SideMenu({ items, onNavigate, onLogout, loggingOut }: SideMenuProps) {
  return (
    <Stack gap={0} h="100%">
      <ScrollArea flex={1} type="hover" scrollbarSize={6}>
        <nav aria-label="Menu principal" className={classes.nav}>
          {items.map((item) =>
            item.submenu ? (
              <MenuGroup key={item.route} item={item} onNavigate={onNavigate} />
            ) : (
              <MenuLink key={item.route} item={item} onNavigate={onNavigate} />
            ),
          )}
        </nav>
      </ScrollArea>
      <div className={classes.footer}>
        <NavLink
          component="button"
          label="Sair"
          leftSection={<IconLogout size={19} stroke={1.6} />}
          onClick={onLogout}
          disabled={loggingOut}
          className={classes.item}
          color="red"
        />
      </div>
    </Stack>
  );
}
