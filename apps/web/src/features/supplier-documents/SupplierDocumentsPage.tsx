import {
  DOCUMENT_PERIOD_LABELS,
  DOCUMENT_PERIODS,
  type DocumentPeriod,
  formatBrasiliaDateTime,
  LAST_REQUIRED_DOCUMENT_MESSAGE,
  LAST_REQUIRED_DOCUMENT_TITLE,
} from "@certame/domain";
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconExternalLink, IconPaperclip, IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, serverMessageOr } from "../../api/client";
import { ConfirmModal } from "../../ui/modal/ConfirmModal";
import { errorMessageOf, notifyError, notifySuccess, notifyWarning } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { AttachDocumentModal, type AttachTarget } from "./AttachDocumentModal";
import {
  deleteSupplierDocument,
  listSupplierDocuments,
  type SupplierDocument,
  type SupplierDocumentClass,
  type SupplierDocumentItem,
} from "./api";
import { FILE_NAME_MAX, FILE_NAME_MAX_NARROW, shortenFileName } from "./file-names";
import { SUPPLIER_DOCUMENT_TEXTS as T } from "./texts";

export const supplierDocumentsKey = (period: DocumentPeriod) => ["supplier-documents", period] as const;

function DocumentRows({
  item,
  narrow,
  onDelete,
}: {
  item: SupplierDocumentItem;
  narrow: boolean;
  onDelete: (document: SupplierDocument) => void;
}) {
  if (item.documents.length === 0)
    return (
      <Text size="sm" c="dimmed" py={4}>
        {T.empty}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label={`Documentos: ${item.kindName}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Arquivo</Table.Th>
            <Table.Th>Descrição</Table.Th>
            <Table.Th>Data de Criação</Table.Th>
            <Table.Th ta="right">Ações</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {item.documents.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td title={d.name}>
                <Text size="sm">
                  {shortenFileName(d.name, narrow ? FILE_NAME_MAX_NARROW : FILE_NAME_MAX)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: "pre-line" }}>
                  {d.description || "—"}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatBrasiliaDateTime(d.createdDate)}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconExternalLink size={14} />}
                    onClick={() => window.open(d.url, "_blank", "noopener")}
                    aria-label={`${T.view} ${d.name}`}
                  >
                    {T.view}
                  </Button>
                  {!d.sentDatetime && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => onDelete(d)}
                      aria-label={`${T.delete} ${d.name}`}
                    >
                      {T.delete}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ClassSection({
  group,
  narrow,
  onAttach,
  onDelete,
}: {
  group: SupplierDocumentClass;
  narrow: boolean;
  onAttach: (target: AttachTarget) => void;
  onDelete: (document: SupplierDocument) => void;
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={group.className}>
      <Title order={2} fz="md" fw={700} c="certame.8" mb="sm">
        {group.className}
      </Title>
      <Stack gap="lg">
        {group.items.map((item) => (
          <div key={`${item.kind}-${group.otherDocumentClass?.id ?? ""}`}>
            <Group justify="space-between" gap="xs" mb={4}>
              <Group gap="xs">
                <Text fw={600} size="sm" component="h3" m={0}>
                  {item.kindName}
                </Text>
                {item.isRequired && (
                  <Badge size="sm" color="orange" variant="light">
                    {T.required}
                  </Badge>
                )}
              </Group>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPaperclip size={14} />}
                aria-label={`${T.attachButton}: ${item.kindName}`}
                onClick={() =>
                  onAttach({
                    kind: item.kind,
                    kindName: item.kindName,
                    className: group.className,
                    documentClassId: group.otherDocumentClass?.id ?? null,
                  })
                }
              >
                {T.attachButton}
              </Button>
            </Group>
            <DocumentRows item={item} narrow={narrow} onDelete={onDelete} />
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

/** /documentos-de-habilitacao: the supplier's qualification documents by class and kind (§2.13). */
export function SupplierDocumentsPage() {
  const client = useQueryClient();
  const narrow = useMediaQuery("(max-width: 768px)") ?? false;
  const [period, setPeriod] = useState<DocumentPeriod>("ALL");
  const [target, setTarget] = useState<AttachTarget | null>(null);
  const [toDelete, setToDelete] = useState<SupplierDocument | null>(null);
  const [deleting, setDeleting] = useState(false);
  const list = useQuery({
    queryKey: supplierDocumentsKey(period),
    queryFn: () => listSupplierDocuments({ period }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ["supplier-documents"] });

  const askDelete = (document: SupplierDocument) => {
    if (!document.canDelete) {
      notifyWarning(LAST_REQUIRED_DOCUMENT_TITLE, LAST_REQUIRED_DOCUMENT_MESSAGE);
      return;
    }
    setToDelete(document);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteSupplierDocument(toDelete.id);
      notifySuccess(T.deleted);
      setToDelete(null);
      await refresh();
    } catch (error) {
      setToDelete(null);
      if (error instanceof ApiError && error.message === LAST_REQUIRED_DOCUMENT_MESSAGE)
        notifyWarning(LAST_REQUIRED_DOCUMENT_TITLE, LAST_REQUIRED_DOCUMENT_MESSAGE);
      else notifyError(T.deleteErrorTitle, serverMessageOr(error, T.deleteErrorText));
      await refresh();
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <PageTitle
        title={T.title}
        description="Anexe e mantenha os documentos de habilitação da sua empresa, organizados por classe e tipo de documento."
        actions={
          <SegmentedControl
            aria-label="Período"
            value={period}
            onChange={(value) => setPeriod(value as DocumentPeriod)}
            data={DOCUMENT_PERIODS.map((p) => ({ value: p, label: DOCUMENT_PERIOD_LABELS[p] }))}
          />
        }
      />
      {list.isError && (
        <Alert color="red" title={T.loadError} mb="md">
          {errorMessageOf(list.error)}
        </Alert>
      )}
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader role="progressbar" aria-label="Carregando" />
        </Group>
      ) : (
        <Stack gap="md">
          {(list.data?.classes ?? []).map((group) => (
            <ClassSection
              key={`${group.documentClass}-${group.otherDocumentClass?.id ?? ""}`}
              group={group}
              narrow={narrow}
              onAttach={setTarget}
              onDelete={askDelete}
            />
          ))}
        </Stack>
      )}
      <AttachDocumentModal target={target} onClose={() => setTarget(null)} onAttached={() => refresh()} />
      <ConfirmModal
        opened={toDelete !== null}
        title={T.confirmDeleteTitle}
        confirmLabel={T.confirmDeleteButton}
        color="red"
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {toDelete ? T.confirmDeleteText(toDelete.name) : ""}
      </ConfirmModal>
    </>
  );
}
