import { Group, Text, UnstyledButton } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import classes from "./DataTable.module.css";
import { pageItems, totalPages } from "./pagination";

export interface PageControlsProps {
  page: number;
  total: number;
  limitResult: number;
  onPageChange: (page: number) => void;
}

/** Page navigation of §9: previous, 3 numbers around the current page with '...' jumps, next. */
export function PageControls({ page, total, limitResult, onPageChange }: PageControlsProps) {
  const pages = totalPages(total, limitResult);
  const current = Math.min(Math.max(1, page), pages);
  const go = (target: number) => {
    if (target !== current) onPageChange(target);
  };
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" className={classes.footer}>
      <Text size="sm" c="dimmed">
        Página {current} de {pages} · {total} {total === 1 ? "resultado" : "resultados"}
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
            disabled={current >= pages}
            onClick={() => go(current + 1)}
          >
            <IconChevronRight size={16} />
          </UnstyledButton>
        </Group>
      </nav>
    </Group>
  );
}
