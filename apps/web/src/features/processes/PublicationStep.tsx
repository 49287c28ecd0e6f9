import { formatBrasiliaDate, NOTICE_STATUS_LABELS } from "@certame/domain";
import { Alert, Button, List, Menu, Stack, Text } from "@mantine/core";
import { IconChevronDown, IconFileZip } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/client";
import { useDisabledReason } from "../../ui/disabled-reason/DisabledReason";
import { ConfirmModal } from "../../ui/modal/ConfirmModal";
import { errorMessageOf, notifySuccess } from "../../ui/notify";
import { CLARIFICATION_TEXTS, kindPath } from "../clarifications/texts";
import { noticeWizardPath, processFilesUrl, processKeys, publishProcess } from "./api";
import { StepActions, type StepProps } from "./DocumentStep";
import { useEditsNotices } from "./NoticeStep";
import { StepTable } from "./StepTable";
import { PROCESS_TEXTS as T } from "./texts";

const P = T.publication;

const dateOr = (value: string | null | undefined) => (value ? formatBrasiliaDate(value) : T.placeholder);

/** The publication's refusal: the server's message and, when it names them, each problem. */
function PublishError({ error }: { error: unknown }) {
  const problems =
    error instanceof ApiError
      ? [...new Set(error.properties.flatMap((p) => p.errorMessages.slice(0, 1)))]
      : [];
  return (
    <Alert color="red" variant="light" title={P.publishError}>
      <Text size="sm">{errorMessageOf(error)}</Text>
      {problems.length > 0 && (
        <List size="sm" mt="xs">
          {problems.map((problem) => (
            <List.Item key={problem}>{problem}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/**
 * Step 9 'Publicação' (planning §2.3; issue 35 item 5): the notice's dates and status, its pages in the
 * notice wizard, 'Publicar Processo' after a confirmation, and once published the trading room and the
 * clarifications. The actions that need the notice are disabled, with the reason, until it exists;
 * the wizard's pages and the publication also for the restricted profiles, who do not edit notices.
 */
export function PublicationStep({ process, step, n }: StepProps) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const notice = process.auctionNotice;
  const editsNotices = useEditsNotices();
  const [confirming, setConfirming] = useState(false);

  const publish = useMutation({
    mutationFn: () => publishProcess(process.id),
    onSuccess: (answer) => {
      // The answer is the process as read: the page shows it PROCESS_PUBLISHED at once.
      client.setQueryData(processKeys.detail(process.id), answer);
      void client.invalidateQueries({ queryKey: processKeys.list });
      void client.invalidateQueries({ queryKey: ["notices"] });
      setConfirming(false);
      notifySuccess(P.published);
    },
  });

  const published = process.status === "PROCESS_PUBLISHED" || (notice != null && notice.status !== "PENDING");
  const noticeStep = process.steps.findIndex((s) => s.kind === "AUCTION_NOTICE") + 1;
  const needsNotice = useDisabledReason(notice ? null : P.needsNotice(noticeStep));
  const needsPublication = useDisabledReason(notice && !published ? P.needsPublication : null);
  const alreadyPublished = useDisabledReason(published ? P.alreadyPublished : null);
  const deleted = useDisabledReason(process.isDeleted && notice && !published ? T.deletedReason : null);
  const notEditor = useDisabledReason(notice && !editsNotices ? T.notice.editorsOnly : null);
  const wizardBlockedBy = needsNotice.describedBy ?? notEditor.describedBy;
  const publishBlockedBy =
    needsNotice.describedBy ?? alreadyPublished.describedBy ?? deleted.describedBy ?? notEditor.describedBy;
  const liveBlockedBy = needsNotice.describedBy ?? needsPublication.describedBy;

  const c = T.stepColumns;
  const status = notice ? NOTICE_STATUS_LABELS[notice.status] : (T.stepStatus[step.status] ?? step.status);
  const go = (path: string) => () => navigate(path);
  const button = (label: string, blockedBy: string | undefined, onClick: () => void) => (
    <Button
      size="xs"
      variant="light"
      disabled={Boolean(blockedBy)}
      aria-describedby={blockedBy}
      onClick={onClick}
    >
      {label}
    </Button>
  );

  return (
    <Stack gap="sm">
      <StepTable
        label={`${n} - ${step.label}`}
        columns={[c.publicationDate, c.status, c.homologationDate]}
        rows={[
          {
            key: step.kind,
            cells: [
              dateOr(step.publicationDate ?? notice?.publishedDate),
              status,
              dateOr(step.homologationDate ?? notice?.homologationDate),
            ],
          },
        ]}
      />
      <StepActions>
        {button(P.configure, wizardBlockedBy, go(noticeWizardPath(notice?.id ?? "", "formulario")))}
        {button(P.items, wizardBlockedBy, go(noticeWizardPath(notice?.id ?? "", "lotes-do-edital")))}
        {button(P.files, wizardBlockedBy, go(noticeWizardPath(notice?.id ?? "", "documentos-do-edital")))}
        <Button
          size="xs"
          disabled={Boolean(publishBlockedBy)}
          aria-describedby={publishBlockedBy}
          onClick={() => {
            publish.reset();
            setConfirming(true);
          }}
        >
          {P.publish}
        </Button>
        {button(P.room, liveBlockedBy, go(`/sala-de-negociacao/${notice?.id ?? ""}`))}
        {liveBlockedBy || !notice ? (
          button(P.clarifications, liveBlockedBy, () => {})
        ) : (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="light" rightSection={<IconChevronDown size={14} aria-hidden />}>
                {P.clarifications}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {(["CLARIFICATION", "CHALLENGE"] as const).map((kind) => (
                <Menu.Item key={kind} onClick={go(kindPath(kind, true, notice.id))}>
                  {CLARIFICATION_TEXTS.viewAll[kind]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
        <Button
          size="xs"
          variant="default"
          component="a"
          href={processFilesUrl(process.id)}
          download
          leftSection={<IconFileZip size={14} aria-hidden />}
        >
          {P.downloadFiles}
        </Button>
      </StepActions>
      {needsNotice.hint}
      {needsPublication.hint}
      {alreadyPublished.hint}
      {deleted.hint}
      {notEditor.hint}
      <ConfirmModal
        opened={confirming}
        title={P.publish}
        confirmLabel={P.confirm}
        loading={publish.isPending}
        onConfirm={() => publish.mutate()}
        onClose={() => setConfirming(false)}
      >
        <Stack gap="sm">
          <Text>{P.confirmText(notice?.noticeNumber ?? "")}</Text>
          {/* Kept in the dialog, where the focus is: an alert, read as it appears. */}
          {publish.isError && <PublishError error={publish.error} />}
        </Stack>
      </ConfirmModal>
    </Stack>
  );
}
