import { Table } from "@mantine/core";
import { ScrollTable } from "../../ui/data-table/ScrollTable";
import { EMPTY_TABLE_TEXT } from "../../ui/texts";

/**
 * A step's table (planning §2.3): its columns, then its rows or, without any, the empty text. On a
 * phone it scrolls sideways in a focusable region (axe scrollable-region-focusable).
 */
export function StepTable({
  label,
  columns,
  rows,
  empty = EMPTY_TABLE_TEXT,
}: {
  label: string;
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly string[] }[];
  empty?: string;
}) {
  return (
    <ScrollTable label={label} minWidth={columns.length * 130} verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c}>{c}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>{empty}</Table.Td>
          </Table.Tr>
        ) : (
          rows.map(({ key, cells }) => (
            <Table.Tr key={key}>
              {cells.map((value, i) => (
                <Table.Td key={columns[i]}>{value}</Table.Td>
              ))}
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </ScrollTable>
  );
}
