import { Badge, type MantineColor } from "@mantine/core";

/**
 * A status pill: the tint tells the statuses apart, the text stays dark enough to read on it
 * (WCAG AA 4.5:1). Notices and processes show their status with it.
 */
export function Pill({ label, color }: { label: string; color: MantineColor }) {
  return (
    <Badge
      variant="light"
      radius="xl"
      color={color}
      c="gray.9"
      tt="none"
      fw={600}
      style={{ whiteSpace: "nowrap", minWidth: "max-content" }}
    >
      {label}
    </Badge>
  );
}
