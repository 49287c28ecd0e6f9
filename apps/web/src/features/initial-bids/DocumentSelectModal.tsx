import {
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
  formatBrasiliaDateTime,
  INITIAL_BIDS_TEXTS,
  QUALIFICATION_DOCUMENT_CLASSES,
} from "@certame/domain";
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileButton,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { AppModal } from "../../ui/modal/AppModal";
import { notifyApiError } from "../../ui/notify";
import { attachLibraryDocument } from "./api";
import { ACCEPTED_FILES } from "./texts";
import type { LibraryDocument } from "./types";

const T = INITIAL_BIDS_TEXTS;
const DAY = 86_400_000;
type Period = "ALL" | "LAST_15" | "LAST_30";
type SortKey = "name" | "createdDate";

/** The heading a document is listed under: its fixed class and kind, or the system kind's label. */
export function kindHeading(kind: string): string {
  for (const c of QUALIFICATION_DOCUMENT_CLASSES) {
    const k = c.kinds.find((x) => x.kind === kind);
    if (k) return `${c.name} — ${k.name}`;
  }
  return DOCUMENT_KIND_LABELS[kind as DocumentKind] ?? kind;
}

export interface DocumentSelectModalProps {
  opened: boolean;
  title: string;
  warning?: string;
  documents: readonly LibraryDocument[];
  selected: readonly string[];
  /** Single selection: only the last checked item stays selected (§2.8). */
  single?: boolean;
  /** The period filter of the qualification modal. */
  withPeriodFilter?: boolean;
  /** The kind a file added here is registered with (the library's attach call); absent: no upload. */
  uploadKind?: string;
  onUploaded?: (doc: LibraryDocument) => void;
  onConfirm: (ids: string[]) => void;
  onClose: () => void;
  now?: Date;
}

/**
 * The document selection modals of §2.8 (qualification documents, data sheet, proposal, guarantee,
 * technical proposal): sortable by Arquivo and 'Data de Criação' (createdDate descending by
 * default), grouped under their kind, 'Selecionar todos', 'Visualizar' in a new tab, an upload
 * that registers the file in the supplier's library, confirm disabled with no selection.
 */
export function DocumentSelectModal({
  opened,
  title,
  warning,
  documents,
  selected: initial,
  single = false,
  withPeriodFilter = false,
  uploadKind,
  onUploaded,
  onConfirm,
  onClose,
  now = new Date(),
}: DocumentSelectModalProps) {
  const [selected, setSelected] = useState<string[]>([...initial]);
  const [period, setPeriod] = useState<Period>("ALL");
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: "createdDate", desc: true });
  const [uploading, setUploading] = useState(false);

  const shown = useMemo(() => {
    const limit = period === "LAST_15" ? 15 : period === "LAST_30" ? 30 : null;
    const list = documents.filter(
      (d) => limit === null || now.getTime() - new Date(d.createdDate).getTime() <= limit * DAY,
    );
    const dir = sort.desc ? -1 : 1;
    return [...list].sort((a, b) =>
      sort.key === "name"
        ? dir * a.name.localeCompare(b.name, "pt-BR")
        : dir * (new Date(a.createdDate).getTime() - new Date(b.createdDate).getTime()),
    );
  }, [documents, period, sort, now]);

  const groups = useMemo(() => {
    const map = new Map<string, LibraryDocument[]>();
    for (const d of shown) map.set(kindHeading(d.kind), [...(map.get(kindHeading(d.kind)) ?? []), d]);
    return [...map];
  }, [shown]);

  const toggle = (id: string, checked: boolean) =>
    setSelected((s) => (single ? (checked ? [id] : []) : checked ? [...s, id] : s.filter((x) => x !== id)));
  const allSelected = shown.length > 0 && shown.every((d) => selected.includes(d.id));
  const sortHeader = (key: SortKey, label: string) => (
    <UnstyledButton
      onClick={() => setSort((s) => ({ key, desc: s.key === key ? !s.desc : key === "createdDate" }))}
    >
      <Group gap={4} wrap="nowrap">
        <Text fw={600} size="sm">
          {label}
        </Text>
        {sort.key === key &&
          (sort.desc ? (
            <IconSortDescending size={14} aria-hidden />
          ) : (
            <IconSortAscending size={14} aria-hidden />
          ))}
      </Group>
    </UnstyledButton>
  );

  const upload = async (file: File | null) => {
    if (!file || !uploadKind) return;
    setUploading(true);
    try {
      const doc = await attachLibraryDocument(file, uploadKind, "");
      onUploaded?.(doc);
      setSelected((s) => (single ? [doc.id] : [...s, doc.id]));
    } catch (error) {
      notifyApiError(error, "Erro ao enviar");
    } finally {
      setUploading(false);
    }
  };

  return (
    <AppModal opened={opened} onClose={onClose} title={title} size="xl">
      <Stack gap="sm">
        <Text fw={600}>{title}</Text>
        {warning && (
          <Alert color="yellow" variant="light">
            {warning}
          </Alert>
        )}
        <Group justify="space-between">
          {!single ? (
            <Checkbox
              label={T.selectAll}
              checked={allSelected}
              disabled={shown.length === 0}
              onChange={(e) => setSelected(e.currentTarget.checked ? shown.map((d) => d.id) : [])}
            />
          ) : (
            <span />
          )}
          {withPeriodFilter && (
            <SegmentedControl
              size="xs"
              value={period}
              onChange={(v) => setPeriod(v as Period)}
              data={[
                { value: "ALL", label: T.allFiles },
                { value: "LAST_15", label: T.last15 },
                { value: "LAST_30", label: T.last30 },
              ]}
            />
          )}
        </Group>
        {shown.length === 0 ? (
          <Text c="dimmed">{T.noDocuments}</Text>
        ) : (
          <Table aria-label={title} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>{sortHeader("name", "Arquivo")}</Table.Th>
                <Table.Th>{sortHeader("createdDate", "Data de Criação")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.map(([heading, docs]) => [
                <Table.Tr key={`h-${heading}`}>
                  <Table.Td colSpan={4}>
                    <Text size="sm" fw={700}>
                      {heading}
                    </Text>
                  </Table.Td>
                </Table.Tr>,
                ...docs.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Selecionar ${d.name}`}
                        checked={selected.includes(d.id)}
                        onChange={(e) => toggle(d.id, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{d.name}</Text>
                      {d.description && (
                        <Text size="xs" c="dimmed" style={{ whiteSpace: "pre-line" }}>
                          {d.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{formatBrasiliaDateTime(d.createdDate)}</Table.Td>
                    <Table.Td>
                      <Anchor href={d.url} target="_blank" rel="noopener noreferrer" size="sm">
                        Visualizar
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                )),
              ])}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="space-between">
          {uploadKind ? (
            <FileButton onChange={upload} accept={ACCEPTED_FILES}>
              {(props) => (
                <Button variant="light" loading={uploading} {...props}>
                  Anexar novo documento
                </Button>
              )}
            </FileButton>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {T.back}
            </Button>
            <Button disabled={selected.length === 0} onClick={() => onConfirm(selected)}>
              {T.confirm}
            </Button>
          </Group>
        </Group>
      </Stack>
    </AppModal>
  );
}
