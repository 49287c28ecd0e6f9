import { useElementSize } from "@mantine/hooks";
import { useLayoutEffect, useRef, useState } from "react";

/**
 * Whether a table must be drawn as stacked rows (one card per row, 'label: value'), issue 12 item 1:
 * a table whose columns do not all fit its box is shown stacked instead of clipped or scrolled
 * sideways with the key columns off-screen. The table's own width, measured while it is drawn as a
 * table, is the least width it needs; it is drawn as a table again once its box is that wide.
 * Without a measured box (the test DOM, the first paint) the table is drawn as a table.
 */
export function useStackedTable<Box extends HTMLElement = HTMLDivElement>() {
  const { ref: boxRef, width } = useElementSize<Box>();
  const tableRef = useRef<HTMLTableElement>(null);
  const [needed, setNeeded] = useState(0);
  const stacked = decideStacked(width, needed);

  // After every drawing as a table: does it overflow its box? (Its columns and contents change.)
  useLayoutEffect(() => {
    const table = tableRef.current;
    if (stacked || !table || width === 0) return;
    const tableWidth = table.offsetWidth;
    if (tableWidth > Math.ceil(width) + 1) setNeeded(tableWidth);
  });

  return { boxRef, tableRef, stacked };
}

/** Stacked when the box is measured and narrower than the width the table was seen to need. */
export function decideStacked(boxWidth: number, neededWidth: number): boolean {
  return boxWidth > 0 && neededWidth > 0 && boxWidth < neededWidth;
}
