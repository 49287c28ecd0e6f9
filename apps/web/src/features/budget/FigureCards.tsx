import { Paper, SimpleGrid, type SimpleGridProps, Text } from "@mantine/core";

/**
 * Labelled figures in small cards (the price search's counters, its statistics): each value is named by
 * its label for assistive technology and tests.
 */
export function FigureCards({
  figures,
  cols,
}: {
  figures: readonly (readonly [label: string, value: string | number])[];
  cols: SimpleGridProps["cols"];
}) {
  return (
    <SimpleGrid cols={cols} spacing="sm">
      {figures.map(([label, value]) => (
        <Paper key={label} withBorder p="xs" radius="md">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} aria-label={label}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
