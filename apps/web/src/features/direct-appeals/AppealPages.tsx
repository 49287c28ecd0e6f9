import { DIRECT_APPEAL_TEXT_MAX, formatBrasiliaDate, formatBrasiliaDateTime } from "@certame/domain";
import { Anchor, Button, FileInput, Group, Select, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { ApiError, serverMessageOr } from "../../api/client";
import { isPdfWithinLimit } from "../../api/files";
import { propertiesToFieldErrors, useFocusFirstInvalid } from "../../ui/form-errors";
import { notifyError, notifySuccess } from "../../ui/notify";
import { DirectPage, NoticeSummary } from "../direct-proposals/DirectPage";
import type { SocketFactory } from "../trading-room/live/room-socket";
import { AppealItems } from "./AppealItems";
import { type AppealableDecision, appealsKey, type DirectAppeals, fileAppeal, readAppeals } from "./api";
import { APPEAL_TEXTS as T } from "./texts";
import { type AppealAct, useAppealsLive } from "./useAppealsLive";

function useAppeals(id: string) {
  return useQuery({ queryKey: appealsKey(id), queryFn: () => readAppeals(id), enabled: id !== "" });
}

/** Announces what the user's own action changed (aria-live), beside the notification. */
function LiveRegion({ message }: { message: string }) {
  return (
    <Text size="sm" c="dimmed" role="status" aria-live="polite" aria-atomic>
      {message}
    </Text>
  );
}

function FileForm({ decisions, act }: { decisions: AppealableDecision[]; act: AppealAct }) {
  const [proposalId, setProposalId] = useState<string | null>(
    decisions.length === 1 ? (decisions[0]?.proposalId ?? null) : null,
  );
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const { ref: formRef, refused } = useFocusFirstInvalid<HTMLDivElement>();
  const chosen = decisions.find((d) => d.proposalId === proposalId);

  if (decisions.length === 0) return <Text c="dimmed">{T.noneAppealable}</Text>;

  const send = async () => {
    if (!proposalId) return;
    if (file && !isPdfWithinLimit(file)) {
      setErrors({ fileId: T.fileTypeError });
      refused();
      return;
    }
    setSending(true);
    setErrors({});
    try {
      await act(() => fileAppeal(proposalId, text, file), T.announce.filed);
      notifySuccess(T.sent);
      setText("");
      setFile(null);
      setProposalId(null);
    } catch (error) {
      setErrors(error instanceof ApiError ? propertiesToFieldErrors(error.properties) : {});
      refused();
      notifyError(T.sendError, serverMessageOr(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack ref={formRef} gap="sm" maw={820}>
      <Select
        label={T.decisionLabel}
        placeholder={T.decisionPlaceholder}
        data={decisions.map((d) => ({
          value: d.proposalId,
          label: `${d.subject}${d.decidedAt ? ` (${formatBrasiliaDateTime(d.decidedAt)})` : ""}`,
        }))}
        value={proposalId}
        onChange={setProposalId}
        withAsterisk
        error={errors.proposalId}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {chosen && (
        <Text size="sm" role="note">
          {T.deadline(formatBrasiliaDate(chosen.deadline))}
          {chosen.reason && ` Motivo da decisão: ${chosen.reason}`}
        </Text>
      )}
      <Textarea
        label={T.textLabel}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={DIRECT_APPEAL_TEXT_MAX}
        autosize
        minRows={5}
        withAsterisk
        error={errors.text}
        description={`${text.length}/${DIRECT_APPEAL_TEXT_MAX}`}
      />
      <FileInput
        label={T.fileLabel}
        description={T.fileHint}
        accept="application/pdf,.pdf"
        value={file}
        onChange={setFile}
        clearable
        error={errors.fileId}
      />
      <Group justify="flex-end">
        <Button onClick={send} loading={sending} disabled={!proposalId || text.trim() === ""}>
          {T.send}
        </Button>
      </Group>
    </Stack>
  );
}

interface LiveProps {
  announcement: string;
  act: AppealAct;
}

function AppealFileContent({ data, announcement, act }: { data: DirectAppeals } & LiveProps) {
  const toAnswer = data.appeals.filter((a) => a.canCounter);
  return (
    <Stack gap="lg">
      <NoticeSummary notice={data.notice} />
      <LiveRegion message={announcement} />
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {T.appealableTitle}
        </Title>
        <FileForm decisions={data.appealable} act={act} />
      </Stack>
      {toAnswer.length > 0 && (
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {T.toAnswerTitle}
          </Title>
          <AppealItems appeals={toAnswer} canJudge={false} act={act} />
        </Stack>
      )}
      <Anchor
        component={Link}
        to={`/visualizar-recursos/${data.notice.id}`}
        underline="always"
        w="fit-content"
      >
        <Group gap={4} wrap="nowrap">
          {T.viewAll}
          <IconArrowRight size={16} aria-hidden />
        </Group>
      </Anchor>
    </Stack>
  );
}

/** /interpor-recurso/:id (§2.3 DIRECT_ACCREDITATION and DIRECT_PRE_QUALIFICATION cards; art. 165 I). */
export function AppealFilePage({ createSocket }: { createSocket?: SocketFactory } = {}) {
  const { id = "" } = useParams();
  const query = useAppeals(id);
  const live = useAppealsLive(id, createSocket);
  return (
    <DirectPage title={T.fileTitle} query={query}>
      {(data) => <AppealFileContent data={data} {...live} />}
    </DirectPage>
  );
}

function AppealsViewContent({ data, announcement, act }: { data: DirectAppeals } & LiveProps) {
  return (
    <Stack gap="lg">
      <NoticeSummary notice={data.notice} />
      <LiveRegion message={announcement} />
      {data.appealable.length > 0 && (
        <Anchor
          component={Link}
          to={`/interpor-recurso/${data.notice.id}`}
          underline="always"
          w="fit-content"
        >
          {T.fileLink}
        </Anchor>
      )}
      <AppealItems appeals={data.appeals} canJudge={data.canJudge} act={act} />
    </Stack>
  );
}

/** /visualizar-recursos/:id: every appeal with its answer and decision; the body judges here. */
export function AppealsViewPage({ createSocket }: { createSocket?: SocketFactory } = {}) {
  const { id = "" } = useParams();
  const query = useAppeals(id);
  const live = useAppealsLive(id, createSocket);
  return (
    <DirectPage title={T.viewTitle} query={query}>
      {(data) => <AppealsViewContent data={data} {...live} />}
    </DirectPage>
  );
}
