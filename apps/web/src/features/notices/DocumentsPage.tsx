import {
  canAttachNoticeDocuments,
  DOCUMENT_DESCRIPTION_MAX_LENGTH,
  NOTICE_FILE_EXTENSIONS,
  type NoticeDocumentKind,
} from "@certame/domain";
import {
  Alert,
  Button,
  FileInput,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import {
  IconArrowLeft,
  IconCheck,
  IconExternalLink,
  IconFileUpload,
  IconInfoCircle,
  IconListCheck,
  IconTrash,
} from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ApiError } from "../../api/client";
import { errorMessageOf, notifyApiError, notifyError, notifySuccess } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { EMPTY_TABLE_TEXT } from "../../ui/texts";
import { attachNoticeDocument, deleteNoticeDocument, listNoticeDocuments, type NoticeDocument } from "./api";
import { DocumentsRequiredModal } from "./DocumentsRequiredModal";
import { DOCUMENT_TEXTS, NOTICE_TEXTS } from "./texts";
import { useNotice } from "./useNotice";

const documentsKey = (id: string) => ["notices", "documents", id] as const;
const ACCEPT = NOTICE_FILE_EXTENSIONS.join(",");

/** Displayed file names are shortened to 40 characters (§9 "Documents"). */
const shortName = (name: string, max = 40) => (name.length > max ? `${name.slice(0, max - 3)}...` : name);

function AttachForm({
  title,
  descriptionLabel,
  fileLabel,
  kind,
  noticeId,
  disabled,
  onAttached,
}: {
  title: string;
  descriptionLabel: string;
  fileLabel: string;
  kind: NoticeDocumentKind;
  noticeId: string;
  disabled: boolean;
  onAttached: () => Promise<void>;
}) {
  const [description, setDescription] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);

  const pick = (f: File | null) => {
    setFile(f);
    setFileError(
      f && !NOTICE_FILE_EXTENSIONS.some((ext) => f.name.toLowerCase().endsWith(ext))
        ? "Envie um arquivo .pdf ou .csv"
        : null,
    );
  };

  const save = async () => {
    if (!file) return;
    setSaving(true);
    try {
      await attachNoticeDocument(noticeId, kind, description.trim(), file);
      notifySuccess(DOCUMENT_TEXTS.attached);
      setDescription("");
      setFile(null);
      await onAttached();
    } catch (error) {
      if (error instanceof ApiError && error.properties.length)
        setFileError(error.properties[0]?.errorMessages[0] ?? null);
      notifyApiError(error, NOTICE_TEXTS.importError);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={`${title} — ${fileLabel}`}>
      <Title order={2} fz="md" fw={700} c="certame.8" mb="md">
        {title}
      </Title>
      <Stack gap="sm">
        <TextInput
          label={descriptionLabel}
          placeholder="Digite a descrição aqui..."
          value={description}
          maxLength={DOCUMENT_DESCRIPTION_MAX_LENGTH}
          onChange={(e) => setDescription(e.currentTarget.value)}
          disabled={disabled}
        />
        <FileInput
          label={fileLabel}
          placeholder="Selecione um arquivo .pdf ou .csv"
          accept={ACCEPT}
          value={file}
          onChange={pick}
          clearable
          error={fileError}
          leftSection={<IconFileUpload size={16} />}
          disabled={disabled}
        />
        <Group justify="flex-end">
          <Button
            onClick={() => void save()}
            loading={saving}
            disabled={!file || Boolean(fileError) || disabled}
          >
            Salvar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /cadastrar/editais/{id}/documentos-do-edital (§2.8). */
export function DocumentsPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const notice = useNotice(id || undefined);
  const documents = useQuery({
    queryKey: documentsKey(id),
    queryFn: () => listNoticeDocuments(id),
    enabled: Boolean(id),
  });
  const [requiredOpen, setRequiredOpen] = useState(false);

  useEffect(() => {
    if (!id) {
      notifyError(undefined, NOTICE_TEXTS.noNoticeId);
      navigate("/cadastrar/editais");
    }
  }, [id, navigate]);

  const n = notice.data;
  if (!n) {
    return (
      <Group justify="center" py="xl">
        <Loader role="progressbar" aria-label="Carregando" />
      </Group>
    );
  }

  const refresh = () => client.invalidateQueries({ queryKey: documentsKey(id) });
  const request = n.modality === "DIRECT_WAIVER_FORMALIZATION" || n.modality === "DIRECT_NONENFORCEMENT";
  const attachable = canAttachNoticeDocuments(n.status);
  const rows = documents.data?.documents ?? [];

  const remove = async (doc: NoticeDocument) => {
    try {
      await deleteNoticeDocument(doc.id);
      notifySuccess(DOCUMENT_TEXTS.deleted);
      await refresh();
    } catch (error) {
      notifyError(
        DOCUMENT_TEXTS.deleteErrorTitle,
        error instanceof ApiError && error.hasServerMessage
          ? errorMessageOf(error)
          : DOCUMENT_TEXTS.deleteErrorText,
      );
    }
  };

  return (
    <>
      <PageTitle
        title="Documentos do edital"
        description={`Edital ${n.noticeNumber} — ${n.objectOfInterest}`}
        actions={
          <Button
            variant="default"
            leftSection={<IconListCheck size={16} />}
            onClick={() => setRequiredOpen(true)}
          >
            Documentos de habilitação solicitados
          </Button>
        }
      />
      <Stack gap="md">
        {!attachable && (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
            Este processo não aceita novos arquivos na situação atual.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <AttachForm
            title="Anexar arquivos"
            descriptionLabel={request ? "Solicitação de Materiais/Serviços" : "Descrição do edital"}
            fileLabel={request ? "Anexar solicitação" : "Anexar edital"}
            kind="AUCTION_NOTICE"
            noticeId={id}
            disabled={!attachable}
            onAttached={refresh}
          />
          <AttachForm
            title="Anexar arquivos"
            descriptionLabel="Descrição do documento"
            fileLabel="Anexar documento"
            kind="OTHER"
            noticeId={id}
            disabled={!attachable}
            onAttached={refresh}
          />
        </SimpleGrid>

        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="md" fw={700} c="certame.8" mb="md">
            Lista de arquivos
          </Title>
          {documents.isError && (
            <Alert color="red" mb="sm">
              {errorMessageOf(documents.error)}
            </Alert>
          )}
          <Table aria-label="Lista de arquivos" verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Descrição do documento</Table.Th>
                <Table.Th>Arquivo</Table.Th>
                <Table.Th ta="right">Ações</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={3} ta="center" c="dimmed" py="lg">
                    {documents.isPending ? (
                      <Loader role="progressbar" size="sm" aria-label="Carregando" />
                    ) : (
                      EMPTY_TABLE_TEXT
                    )}
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>
                      <Text size="sm">
                        {d.description || (d.kind === "AUCTION_NOTICE" ? "Edital" : "Documento")}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {d.kind === "AUCTION_NOTICE"
                          ? request
                            ? "Solicitação"
                            : "Edital"
                          : "Outro documento"}
                      </Text>
                    </Table.Td>
                    <Table.Td title={d.name}>{shortName(d.name)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconExternalLink size={14} />}
                          onClick={() => d.url && window.open(d.url, "_blank", "noopener")}
                        >
                          Ver anexo
                        </Button>
                        {documents.data?.canDelete && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            leftSection={<IconTrash size={14} />}
                            onClick={() => void remove(d)}
                          >
                            Excluir
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Paper>

        <Group justify="space-between">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(-1)}>
            Voltar
          </Button>
          <Button leftSection={<IconCheck size={16} />} onClick={() => navigate("/cadastrar/editais")}>
            Finalizar
          </Button>
        </Group>
      </Stack>
      <DocumentsRequiredModal noticeId={id} opened={requiredOpen} onClose={() => setRequiredOpen(false)} />
    </>
  );
}
