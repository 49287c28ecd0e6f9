import { ActionIcon, Button, Group, Paper, Stack, Table, Tooltip } from "@mantine/core";
import { IconCheck, IconPencil, IconPlus, IconTrash, IconX } from "@tabler/icons-react";
import { EMPTY_TABLE_TEXT } from "../../ui/texts";
import type { LotRow } from "./api";
import { LotEditorCells, type LotEditorContext, LotViewCells } from "./LotRowCells";
import { type LotDraft, lotToDraft, missingLotFields } from "./lots-model";

export interface LotsTableProps {
  rows: LotRow[];
  editable: boolean;
  busy: boolean;
  context: LotEditorContext;
  /** The saved row being edited, if any. */
  editing: LotDraft | null;
  onEdit: (draft: LotDraft | null) => void;
  /** The new row at the table's foot. */
  newDraft: LotDraft;
  onDraft: (draft: LotDraft) => void;
  draftComplete: boolean;
  draftChanged: boolean;
  onPickProduct: (target: "new" | "edit") => void;
  onSaveEdit: () => void;
  onRemove: (row: LotRow) => void;
  onStartItem: (row: LotRow) => void;
  onAddLot: () => void;
  onCancelDraft: () => void;
}

/** 'Lotes do edital' (notices-and-accounts §2.6): the saved rows, the row being edited and the new row. */
export function LotsTable({
  rows,
  editable,
  busy,
  context,
  editing,
  onEdit,
  newDraft,
  onDraft,
  draftComplete,
  draftChanged,
  onPickProduct,
  onSaveEdit,
  onRemove,
  onStartItem,
  onAddLot,
  onCancelDraft,
}: LotsTableProps) {
  const { variationKind } = context;
  const lastItemOf = (r: LotRow) => !rows.some((o) => o.number === r.number && o.item > r.item);
  return (
    <Paper withBorder radius="md" style={{ overflowX: "auto" }}>
      <Table
        aria-label="Lotes do edital"
        verticalSpacing="xs"
        horizontalSpacing={6}
        fz="sm"
        striped
        highlightOnHover
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lote</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th>Produto/Serviço</Table.Th>
            <Table.Th>Quantidade</Table.Th>
            <Table.Th>Unidade</Table.Th>
            <Table.Th>Preço de referência</Table.Th>
            <Table.Th ta="center">Marca</Table.Th>
            <Table.Th>Casas decimais</Table.Th>
            <Table.Th>Variação mínima</Table.Th>
            <Table.Th>Participação</Table.Th>
            <Table.Th ta="right">Valor total</Table.Th>
            {editable && <Table.Th ta="center">Ações</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && !editable && (
            <Table.Tr>
              <Table.Td colSpan={12} ta="center" c="dimmed" py="lg">
                {EMPTY_TABLE_TEXT}
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((r) =>
            editing?.id === r.id ? (
              <Table.Tr key={r.id} aria-label={`Lote ${r.number} item ${r.item}`}>
                <LotEditorCells
                  draft={editing}
                  onChange={onEdit}
                  context={context}
                  onPickProduct={() => onPickProduct("edit")}
                />
                <Table.Td>
                  <Stack gap={4} align="stretch">
                    <Button
                      size="compact-sm"
                      leftSection={<IconCheck size={14} />}
                      loading={busy}
                      onClick={onSaveEdit}
                      disabled={missingLotFields(editing, variationKind).length > 0}
                    >
                      Salvar
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconX size={14} />}
                      onClick={() => onEdit(null)}
                    >
                      Cancelar
                    </Button>
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ) : (
              <Table.Tr key={r.id} aria-label={`Lote ${r.number} item ${r.item}`}>
                <LotViewCells row={r} variationKind={variationKind} />
                {editable && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="center">
                      <Tooltip label="Editar">
                        <ActionIcon
                          variant="subtle"
                          aria-label="Editar"
                          onClick={() => onEdit(lotToDraft(r))}
                          disabled={busy || editing !== null}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Excluir">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label="Excluir"
                          onClick={() => onRemove(r)}
                          disabled={busy}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                      {lastItemOf(r) && (
                        <Button
                          size="compact-xs"
                          variant="light"
                          onClick={() => onStartItem(r)}
                          disabled={busy}
                        >
                          + Item
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ),
          )}
          {editable && (
            <Table.Tr aria-label="Novo lote" bg="certame.0">
              <LotEditorCells
                draft={newDraft}
                onChange={onDraft}
                context={context}
                onPickProduct={() => onPickProduct("new")}
              />
              <Table.Td>
                <Stack gap={4} align="stretch">
                  <Button
                    size="compact-sm"
                    leftSection={<IconPlus size={14} />}
                    disabled={!draftComplete || busy}
                    onClick={onAddLot}
                  >
                    {newDraft.item > 1 ? "Adicionar item" : "Adicionar lote"}
                  </Button>
                  {(draftChanged || newDraft.item > 1) && (
                    <Button size="compact-sm" variant="default" onClick={onCancelDraft}>
                      Cancelar
                    </Button>
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
