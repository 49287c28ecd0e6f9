import { Drawer } from "@mantine/core";
import type { ReactNode } from "react";
import { NOTICE_DETAIL_TEXTS } from "./texts";

/**
 * The phone's filters drawer of the notice list, in a module of its own: NoticeList loads it on the
 * first open, so the drawer's focus trap and scroll lock stay out of the first load of /editais.
 */
export function FiltersDrawer({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={NOTICE_DETAIL_TEXTS.filtersTitle}
      position="bottom"
      size="auto"
    >
      {children}
    </Drawer>
  );
}
