import { formatBrasiliaDateTime } from "@certame/domain";
import { Alert, Button, Checkbox, Group, Loader, Stack, Table, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { saveFile } from "../../api/files";
import { AppModal } from "../../ui/modal/AppModal";
import { errorMessageOf, notifyApiError } from "../../ui/notify";
import { EMPTY_TABLE_TEXT } from "../../ui/texts";
import { downloadProcessFiles, listProcessFiles, type Prefix } from "./api";

/** Displayed file names are shortened to 35 characters (§9 "Documents"). */
const shortName = (name: string, max = 35) => (name.length > max ? `${name.slice(0, max - 3)}...` : name);

/** The public 'Download process files' modal (§2.16): select files, then one file or a zip. */
export function DownloadFilesModal({
  notice,
  prefix,
  onClose,
}: {
  notice: { id: string; noticeNumber: string } | null;
  prefix: Prefix;
  onClose: () => void;
}) {
  const files = useQuery({
    queryKey: ["processFiles", prefix, notice?.id],
    queryFn: () => listProcessFiles(prefix, notice?.id as string),
    enabled: Boolean(notice),
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    if (notice) setSelected([]);
  }, [notice]);

  const rows = files.data ?? [];
  const all = rows.length > 0 && selected.length === rows.length;

  const download = async () => {
    if (!notice) return;
    setDownloading(true);
    try {
      saveFile(await downloadProcessFiles(prefix, notice.id, selected));
    } catch (error) {
      notifyApiError(error, "Erro ao baixar");
    } finally {
      setDownloading(false);
    }
  };

  return (
    <AppModal
      opened={notice !== null}
      onClose={onClose}
      title={notice ? `Arquivos do processo ${notice.noticeNumber}` : "Arquivos do processo"}
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Selecione os arquivos que deseja baixar. Mais de um arquivo é baixado em um único .zip.
        </Text>
        {files.isError && <Alert color="red">{errorMessageOf(files.error)}</Alert>}
        {files.isPending ? (
          <Group justify="center" py="md">
            <Loader role="progressbar" aria-label="Carregando" />
          </Group>
        ) : (
          <Table aria-label="Arquivos do processo" verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Selecionar todos"
                    checked={all}
                    indeterminate={selected.length > 0 && !all}
                    disabled={rows.length === 0}
                    onChange={() => setSelected(all ? [] : rows.map((r) => r.id))}
                  />
                </Table.Th>
                <Table.Th>Arquivo</Table.Th>
                <Table.Th>Descrição</Table.Th>
                <Table.Th>Data</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={4} ta="center" c="dimmed" py="md">
                    {EMPTY_TABLE_TEXT}
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((f) => (
                  <Table.Tr key={f.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Selecionar ${f.name}`}
                        checked={selected.includes(f.id)}
                        onChange={(e) =>
                          setSelected((s) =>
                            e.currentTarget.checked ? [...s, f.id] : s.filter((x) => x !== f.id),
                          )
                        }
                      />
                    </Table.Td>
                    <Table.Td title={f.name}>{shortName(f.name)}</Table.Td>
                    <Table.Td>{f.description || "—"}</Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>
                      {f.createdDate ? formatBrasiliaDateTime(f.createdDate) : "—"}
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
          <Button
            leftSection={<IconDownload size={16} />}
            disabled={selected.length === 0}
            loading={downloading}
            onClick={() => void download()}
          >
            {selected.length > 1 ? `Baixar ${selected.length} arquivos (.zip)` : "Baixar arquivo"}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
