import {
  type CustomParagraph,
  formatBrasiliaDate,
  numberCustomParagraphs,
  type ReferenceTermChapterCode,
} from "@certame/domain";
import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ScrollTable } from "../../ui/data-table/ScrollTable";
import { AppModal } from "../../ui/modal/AppModal";
import { listParagraphHistory, referenceTermKeys } from "./api";
import { TEXT_MAX_LENGTH } from "./fields/ListField";
import { REFERENCE_TERM_TEXTS } from "./texts";

const T = REFERENCE_TERM_TEXTS.paragraphs;

export interface CustomParagraphsSectionProps {
  chapterCode: ReferenceTermChapterCode;
  value: CustomParagraph[];
  onChange: (next: CustomParagraph[]) => void;
}

/**
 * 'Parágrafos Customizados' of a chapter (planning §2.10, §4 "Custom paragraphs", §9): a table
 * Número / Conteúdo / Editar / Excluir, an add/edit modal and the body's history of the chapter.
 * Numbers continue after the chapter's fixed paragraphs ('2.2' is chapter 2's first), and are
 * given again after every change (a deletion renumbers the rest); blank contents are dropped.
 */
export function CustomParagraphsSection({ chapterCode, value, onChange }: CustomParagraphsSectionProps) {
  const [editing, setEditing] = useState<{ index: number | null; content: string } | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const contents = value.map((p) => p.content);
  const commit = (next: string[]) => onChange(numberCustomParagraphs(chapterCode, next));

  const confirm = () => {
    if (!editing || editing.content.trim() === "") return;
    const content = editing.content.trim();
    commit(
      editing.index === null
        ? [...contents, content]
        : contents.map((c, i) => (i === editing.index ? content : c)),
    );
    setEditing(null);
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h5">
          {T.title}
        </Title>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => setHistoryOpen(true)}>
            {T.history}
          </Button>
          <Button variant="light" size="xs" onClick={() => setEditing({ index: null, content: "" })}>
            {T.add}
          </Button>
        </Group>
      </Group>
      <ScrollTable label={T.title} minWidth={420} striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={90}>{T.number}</Table.Th>
            <Table.Th>{T.content}</Table.Th>
            <Table.Th w={90}>{T.edit}</Table.Th>
            <Table.Th w={90}>{T.remove}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {value.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" c="dimmed">
                  {T.empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            value.map((paragraph, index) => (
              <Table.Tr key={paragraph.number}>
                <Table.Td>{paragraph.number}</Table.Td>
                <Table.Td style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
                  {paragraph.content}
                </Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    size="xs"
                    aria-label={`${T.edit} parágrafo ${paragraph.number}`}
                    onClick={() => setEditing({ index, content: paragraph.content })}
                  >
                    {T.edit}
                  </Button>
                </Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    aria-label={`${T.remove} parágrafo ${paragraph.number}`}
                    onClick={() => commit(contents.filter((_, i) => i !== index))}
                  >
                    {T.remove}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </ScrollTable>

      <AppModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.index === null ? T.addTitle : T.editTitle}
        size="lg"
      >
        <Stack gap="sm">
          <Textarea
            label={T.contentLabel}
            required
            autosize
            minRows={4}
            maxLength={TEXT_MAX_LENGTH}
            value={editing?.content ?? ""}
            onChange={(e) => {
              const content = e.currentTarget.value;
              setEditing((current) => (current ? { ...current, content } : current));
            }}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setEditing(null)}>
              {T.cancel}
            </Button>
            <Button onClick={confirm} disabled={!editing || editing.content.trim() === ""}>
              {T.confirm}
            </Button>
          </Group>
        </Stack>
      </AppModal>

      <AppModal opened={historyOpen} onClose={() => setHistoryOpen(false)} title={T.historyTitle} size="lg">
        {historyOpen && (
          <HistoryList
            chapterCode={chapterCode}
            onPick={(content) => {
              commit([...contents, content]);
              setHistoryOpen(false);
            }}
            onCancel={() => setHistoryOpen(false)}
          />
        )}
      </AppModal>
    </Stack>
  );
}

function HistoryList({
  chapterCode,
  onPick,
  onCancel,
}: {
  chapterCode: ReferenceTermChapterCode;
  onPick: (content: string) => void;
  onCancel: () => void;
}) {
  const query = useQuery({
    queryKey: referenceTermKeys.history(chapterCode),
    queryFn: () => listParagraphHistory(chapterCode),
  });
  return (
    <Stack gap="sm">
      {query.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label="Carregando histórico" />
        </Group>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {T.historyError}
        </Alert>
      ) : query.data.length === 0 ? (
        <Text c="dimmed">{T.historyEmpty}</Text>
      ) : (
        <Stack gap="xs" role="list" aria-label={T.historyTitle}>
          {query.data.map((template, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: templates are listed as the server orders them
            <Paper key={index} withBorder p="sm" role="listitem">
              <UnstyledButton
                onClick={() => onPick(template.content)}
                aria-label={`${T.use}: ${template.content}`}
                w="100%"
              >
                <Text style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>{template.content}</Text>
                <Group gap="md" mt={4}>
                  <Text size="xs" c="dimmed">
                    {T.used(template.usageCount)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatBrasiliaDate(template.createdDate)}
                  </Text>
                </Group>
              </UnstyledButton>
            </Paper>
          ))}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {T.cancel}
        </Button>
      </Group>
    </Stack>
  );
}
