import { DIRECT_PROPOSAL_KINDS_OF, type DirectProposalKind, isDirectModality } from "@certame/domain";
import { Button, FileInput, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconDownload, IconFileTypePdf } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ApiError, serverMessageOr } from "../../api/client";
import { saveFile } from "../../api/files";
import { useFocusFirstInvalid } from "../../ui/form-errors";
import { notifyError, notifySuccess } from "../../ui/notify";
import { GENERIC_ERROR_TITLE } from "../../ui/texts";
import { directKeys, downloadProposalTemplate, readResults, sendProposal } from "./api";
import { DirectPage, MyProposals, NoticeSummary } from "./DirectPage";
import { DIRECT_TEXTS as T, titleOf } from "./texts";

const PDF = "application/pdf";

/**
 * /procedimentos-auxiliares/{id}/cadastro-de-proposta and …/pedidos-em-andamento (§2.3 DIRECT_* cards):
 * the supplier downloads the template, attaches its signed PDF (its initial values, the update of an
 * accreditation's values, or the pre-qualification files) and follows the body's analysis.
 */
function ProposalForm({ mode }: { mode: "send" | "update" }) {
  const { id = "" } = useParams();
  const _navigate = useNavigate();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const { ref: formRef, refused } = useFocusFirstInvalid();
  const query = useQuery({ queryKey: directKeys.results(id), queryFn: () => readResults(id) });
  const notice = query.data?.notice;
  const kinds = notice && isDirectModality(notice.modality) ? DIRECT_PROPOSAL_KINDS_OF[notice.modality] : [];
  const kind: DirectProposalKind | undefined = mode === "update" ? kinds[1] : kinds[0];

  const send = useMutation({
    mutationFn: () => sendProposal(id, kind as DirectProposalKind, file as File, description),
    onSuccess: () => {
      setFile(null);
      setDescription("");
      notifySuccess(T.sent, T.sentTitle);
      void client.invalidateQueries({ queryKey: directKeys.results(id) });
    },
    onError: (failure) => {
      const property =
        failure instanceof ApiError ? failure.properties.find((p) => p.property === "url") : undefined;
      const message = property?.errorMessages[0] ?? serverMessageOr(failure);
      setFileError(message);
      refused();
      notifyError(GENERIC_ERROR_TITLE, message);
    },
  });
  const template = useMutation({
    mutationFn: () => downloadProposalTemplate(id, notice?.noticeNumber ?? ""),
    onSuccess: saveFile,
    onError: (failure) => notifyError(GENERIC_ERROR_TITLE, serverMessageOr(failure)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refusal = !file ? T.fileRequired : file.type && file.type !== PDF ? T.pdfOnly : null;
    if (refusal) {
      setFileError(refusal);
      refused();
      return;
    }
    send.mutate();
  };

  const title = kind ? titleOf(kind) : T.sendTitle;
  return (
    <DirectPage title={title} query={query}>
      {(data) => (
        <Stack gap="lg">
          <NoticeSummary notice={data.notice} />
          <Paper
            withBorder
            radius="md"
            p="md"
            component="form"
            ref={formRef}
            onSubmit={submit}
            noValidate
            aria-label={title}
          >
            <Stack gap="md">
              <Text>{T.templateHelp}</Text>
              {kind !== "PRE_QUALIFICATION" && (
                <Group>
                  <Button
                    variant="light"
                    leftSection={<IconDownload size={16} />}
                    loading={template.isPending}
                    onClick={() => template.mutate()}
                  >
                    {T.downloadTemplate}
                  </Button>
                </Group>
              )}
              <FileInput
                label={T.fileLabel}
                accept={PDF}
                withAsterisk
                clearable
                leftSection={<IconFileTypePdf size={16} aria-hidden />}
                value={file}
                onChange={(value) => {
                  setFile(value);
                  setFileError(null);
                }}
                error={fileError}
                maw={520}
              />
              <Textarea
                label={T.descriptionLabel}
                value={description}
                onChange={(e) => setDescription(e.currentTarget.value)}
                maxLength={500}
                autosize
                minRows={2}
                maw={520}
              />
              <Group>
                <Button type="submit" loading={send.isPending} disabled={!kind}>
                  {T.send}
                </Button>
              </Group>
            </Stack>
          </Paper>
          <Stack gap="xs" component="section" aria-labelledby="my-proposals">
            <Title order={2} fz="lg" c="certame.9" id="my-proposals">
              {T.myProposals}
            </Title>
            <MyProposals proposals={data.mine} />
          </Stack>
        </Stack>
      )}
    </DirectPage>
  );
}

export const ProposalSendPage = () => <ProposalForm mode="send" />;
export const ValuesUpdatePage = () => <ProposalForm mode="update" />;
