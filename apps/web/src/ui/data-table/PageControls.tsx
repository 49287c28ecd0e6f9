import { Group, Text, UnstyledButton } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import classes from "./DataTable.module.css";
import { pageItems, totalPages } from "./pagination";

export interface PageControlsProps {
  page: number;
  total: number;
  /** There are more than `total` results: the server counts only so far (issue 18). */
  totalIsLowerBound?: boolean;
  limitResult: number;
  onPageChange: (page: number) => void;
}

const count = new Intl.NumberFormat("pt-BR");

/** 'Página 2 de 7 · 130 resultados', or past the server's count 'Página 2 de 500+ · mais de 10.000 resultados'. */
export function pageSummary(current: number, pages: number, total: number, lowerBound: boolean): string {
  if (lowerBound) return `Página ${current} de ${pages}+ · mais de ${count.format(total)} resultados`;
  return `Página ${current} de ${pages} · ${total} ${total === 1 ? "resultado" : "resultados"}`;
}

/** Page navigation of §9: previous, 3 numbers around the current page with '...' jumps, next. */
export function PageControls({
  page,
  total,
  totalIsLowerBound = false,
  limitResult,
  onPageChange,
}: PageControlsProps) {
  // Past a lower bound the pages go on: the last one known is not the last one.
  const pages = Math.max(totalPages(total, limitResult), totalIsLowerBound ? page : 0);
  const current = Math.min(Math.max(1, page), pages);
  const go = (target: number) => {
    if (target !== current) onPageChange(target);
  };
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" className={classes.footer}>
      <Text size="sm" c="dimmed">
        {pageSummary(current, pages, total, totalIsLowerBound)}
      </Text>
      <nav aria-label="Paginação">
        <Group gap={4} wrap="nowrap">
          <UnstyledButton
            className={classes.pageButton}
            aria-label="Página anterior"
            disabled={current <= 1}
            onClick={() => go(current - 1)}
          >
            <IconChevronLeft size={16} />
          </UnstyledButton>
          {pageItems(current, pages).map((item) =>
            item.kind === "page" ? (
              <UnstyledButton
                key={`p${item.page}`}
                className={classes.pageButton}
                data-active={item.page === current || undefined}
                aria-current={item.page === current ? "page" : undefined}
                aria-label={`Página ${item.page}`}
                onClick={() => go(item.page)}
              >
                {item.page}
              </UnstyledButton>
            ) : (
              <UnstyledButton
                key={`j${item.direction}`}
                className={classes.pageButton}
                aria-label={
                  item.direction === "back"
                    ? `Voltar para a página ${item.target}`
                    : `Avançar para a página ${item.target}`
                }
                onClick={() => go(item.target)}
              >
                ...
              </UnstyledButton>
            ),
          )}
          <UnstyledButton
            className={classes.pageButton}
            aria-label="Próxima página"
            disabled={current >= pages && !totalIsLowerBound}
            onClick={() => go(current + 1)}
          >
            <IconChevronRight size={16} />
          </UnstyledButton>
        </Group>
      </nav>
    </Group>
  );
}
