import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../test/render";
import { DataTable, type DataTableColumn, type TableSort } from "./DataTable";

interface Row {
  id: number;
  name: string;
  description: string;
}

const columns: DataTableColumn<Row, "name" | "description">[] = [
  { key: "name", header: "Nome", sortKey: "name", text: (r) => r.name },
  { key: "description", header: "Descrição", text: (r) => r.description },
];

const makeRows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `Item ${i + 1}`,
    description: `Descrição ${i + 1}`,
  }));

const bodyRows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);

function SortHarness({
  onSort,
  pagination,
}: {
  onSort: (sort: TableSort) => void;
  pagination: { page: number; total: number; limitResult: number; onPageChange: (page: number) => void };
}) {
  const [sort, setSort] = useState<TableSort<"name" | "description"> | null>(null);
  return (
    <DataTable
      label="Itens"
      columns={columns}
      rows={makeRows(2)}
      rowKey={(r) => r.id}
      sort={sort}
      onSortChange={(s) => {
        onSort(s);
        setSort(s);
      }}
      pagination={pagination}
    />
  );
}

describe("DataTable", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows 'Nenhum resultado encontrado' when there are no rows", () => {
    renderWithMantine(<DataTable label="Itens" columns={columns} rows={[]} rowKey={(r) => r.id} />);
    expect(screen.getByRole("cell", { name: "Nenhum resultado encontrado" })).toBeInTheDocument();
  });

  it("renders one row per item with its cells", () => {
    renderWithMantine(<DataTable label="Itens" columns={columns} rows={makeRows(3)} rowKey={(r) => r.id} />);
    const rows = bodyRows();
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText("Descrição 2")).toBeInTheDocument();
  });

  it("sorts ASC on a new header, toggles to DESC and back, and resets the page to 1", async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const sorts: TableSort[] = [];
    renderWithMantine(
      <SortHarness
        onSort={(sort) => sorts.push(sort)}
        pagination={{ page: 3, total: 50, limitResult: 10, onPageChange }}
      />,
    );
    const header = screen.getByRole("columnheader", { name: /Nome/ });
    expect(header).toHaveAttribute("aria-sort", "none");
    expect(screen.getByRole("columnheader", { name: "Descrição" })).not.toHaveAttribute("aria-sort");
    expect(within(screen.getByRole("columnheader", { name: "Descrição" })).queryByRole("button")).toBeNull();

    await user.click(within(header).getByRole("button"));
    expect(header).toHaveAttribute("aria-sort", "ascending");
    await user.click(within(header).getByRole("button"));
    expect(header).toHaveAttribute("aria-sort", "descending");
    await user.click(within(header).getByRole("button"));
    expect(sorts).toEqual([
      { column: "name", order: "ASC" },
      { column: "name", order: "DESC" },
      { column: "name", order: "ASC" },
    ]);
    expect(onPageChange).toHaveBeenCalledTimes(3);
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it("keeps ASC on a second click when the table is not bidirectional", async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    renderWithMantine(
      <DataTable
        label="Itens"
        columns={columns}
        rows={makeRows(2)}
        rowKey={(r) => r.id}
        bidirectional={false}
        sort={{ column: "name", order: "ASC" }}
        onSortChange={onSortChange}
      />,
    );
    await user.click(screen.getByRole("button", { name: /Nome/ }));
    expect(onSortChange).not.toHaveBeenCalled();
  });

  it("pages with the §9 rules: total pages, 3 numbers around the current page and '...' jumps", async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    renderWithMantine(
      <DataTable
        label="Itens"
        columns={columns}
        rows={makeRows(10)}
        rowKey={(r) => r.id}
        pagination={{ page: 5, total: 95, limitResult: 10, onPageChange }}
      />,
    );
    expect(screen.getByText(/Página 5 de 10/)).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Paginação" });
    const labels = within(nav)
      .getAllByRole("button")
      .map((b) => b.textContent);
    expect(labels).toEqual(["", "...", "4", "5", "6", "...", ""]);
    expect(within(nav).getByRole("button", { name: "Página 5" })).toHaveAttribute("aria-current", "page");

    await user.click(within(nav).getByRole("button", { name: "Avançar para a página 8" }));
    await user.click(within(nav).getByRole("button", { name: "Voltar para a página 2" }));
    await user.click(within(nav).getByRole("button", { name: "Página 6" }));
    await user.click(within(nav).getByRole("button", { name: "Próxima página" }));
    await user.click(within(nav).getByRole("button", { name: "Página anterior" }));
    expect(onPageChange.mock.calls.map((c) => c[0])).toEqual([8, 2, 6, 6, 4]);
  });

  it("shows a single page and disables previous/next when everything fits", () => {
    renderWithMantine(
      <DataTable
        label="Itens"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        pagination={{ page: 1, total: 0, limitResult: 10, onPageChange: () => {} }}
      />,
    );
    expect(screen.getByText(/Página 1 de 1/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Página anterior" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Próxima página" })).toBeDisabled();
  });

  it("renders every row of a table of 10 rows without virtualising", () => {
    const { container } = renderWithMantine(
      <DataTable label="Itens" columns={columns} rows={makeRows(10)} rowKey={(r) => r.id} />,
    );
    expect(bodyRows()).toHaveLength(10);
    expect(container.querySelector("[data-virtual]")).toBeNull();
  });

  it("virtualises more than 10 rows: a window of 20 rows of 56 px plus a buffer of 5", () => {
    // The test DOM has no layout: give the scroll box the height of the 20-row window (plus the header).
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(20 * 56 + 44);
    const { container } = renderWithMantine(
      <DataTable label="Itens" columns={columns} rows={makeRows(200)} rowKey={(r) => r.id} />,
    );
    expect(container.querySelector("[data-virtual]")).not.toBeNull();
    const rows = bodyRows();
    expect(rows).toHaveLength(25);
    expect(rows[0]).toHaveTextContent("Item 1");
    expect(rows[24]).toHaveTextContent("Item 25");
    expect(screen.getByRole("table")).toHaveAttribute("aria-rowcount", "201");

    const scroller = container.querySelector("[data-virtual] > div") as HTMLElement;
    // Scroll so that row index 100 ("Item 101") sits right under the header: rows 100 to 120 are
    // (partly) visible, and 5 rows of buffer on each side are rendered too.
    scroller.scrollTop = 44 + 100 * 56;
    fireEvent.scroll(scroller);
    const after = bodyRows();
    expect(after[0]).toHaveTextContent("Item 96");
    expect(after[after.length - 1]).toHaveTextContent("Item 126");
    expect(after).toHaveLength(31);
    expect(screen.queryByText("Item 1")).toBeNull();
  });

  it("gives a wider column to text cells longer than 100 characters", () => {
    const rows = [{ id: 1, name: "Curto", description: "x".repeat(101) }];
    renderWithMantine(<DataTable label="Itens" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.getByRole("columnheader", { name: "Descrição" })).toHaveAttribute("data-wide", "true");
    expect(screen.getByRole("columnheader", { name: /Nome/ })).not.toHaveAttribute("data-wide");
  });

  it("does not widen a column at exactly 100 characters", () => {
    const rows = [{ id: 1, name: "Curto", description: "x".repeat(100) }];
    renderWithMantine(<DataTable label="Itens" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.getByRole("columnheader", { name: "Descrição" })).not.toHaveAttribute("data-wide");
  });
});
