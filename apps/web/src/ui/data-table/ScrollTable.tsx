import { Box, Table, type TableProps } from "@mantine/core";

/**
 * A table that scrolls sideways inside a focusable region named like it: on a phone its columns stay
 * reachable by keyboard, and the page itself never scrolls sideways (the region is the positioned
 * parent of the table's visually hidden texts).
 */
export function ScrollTable({ label, minWidth, ...table }: TableProps & { label: string; minWidth: number }) {
  return (
    <Box pos="relative" style={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label={label}>
      <Table miw={minWidth} aria-label={label} {...table} />
    </Box>
  );
}
