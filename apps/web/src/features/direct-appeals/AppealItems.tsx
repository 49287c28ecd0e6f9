import {
  DIRECT_APPEAL_DECISION_LABELS,
  DIRECT_APPEAL_TEXT_MAX,
  type DirectAppealDecision,
  formatBrasiliaDate,
  formatBrasiliaDateTime,
} from "@certame/domain";
import { Alert, Button, Card, FileInput, Group, Radio, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, serverMessageOr } from "../../api/client";
import { isPdfWithinLimit, saveFile } from "../../api/files";
import { propertiesToFieldErrors, useFocusFirstInvalid } from "../../ui/form-errors";
import { notifyError, notifySuccess } from "../../ui/notify";
import { Pill } from "../../ui/pill/Pill";
import { type AppealFile, counterAppeal, type DirectAppeal, downloadAppealFile, judgeAppeal } from "./api";
import { APPEAL_TEXTS as T } from "./texts";
import type { AppealAct } from "./useAppealsLive";

function FileButton({ file, label }: { file: AppealFile; label: string }) {
  const download = useMutation({
    mutationFn: downloadAppealFile,
    onSuccess: saveFile,
    onError: (error) => notifyError(undefined, serverMessageOr(error)),
  });
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconFileTypePdf size={16} aria-hidden />}
      aria-label={`${label}: ${file.name}`}
      loading={download.isPending}
      onClick={() => download.mutate(file)}
      w="fit-content"
      px={4}
    >
      {file.name}
    </Button>
  );
}

export function AppealStatus({
  appeal,
}: {
  appeal: Pick<DirectAppeal, "status" | "decision" | "statusLabel">;
}) {
  if (appeal.decision)
    return (
      <Pill
        label={DIRECT_APPEAL_DECISION_LABELS[appeal.decision]}
        color={appeal.decision === "UPHELD" ? "green" : "red"}
      />
    );
  return <Pill label={appeal.statusLabel} color="yellow" />;
}

/** A text with an optional PDF, sent by `submit`: the counter-arguments and the judgement share it. */
function TextAndFileForm({
  label,
  sendLabel,
  errorTitle,
  onSubmit,
  decision,
}: {
  label: string;
  sendLabel: string;
  errorTitle: string;
  onSubmit: (text: string, file: File | null, decision: DirectAppealDecision | null) => Promise<void>;
  /** The judgement's decision radio. */
  decision?: boolean;
}) {
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [choice, setChoice] = useState<DirectAppealDecision | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const { ref: formRef, refused } = useFocusFirstInvalid<HTMLDivElement>();

  const submit = async () => {
    if (file && !isPdfWithinLimit(file)) {
      setErrors({ fileId: T.fileTypeError });
      refused();
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      await onSubmit(text, file, choice);
    } catch (error) {
      setErrors(error instanceof ApiError ? propertiesToFieldErrors(error.properties) : {});
      refused();
      notifyError(errorTitle, serverMessageOr(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack ref={formRef} gap="sm" mt="sm">
      {decision && (
        <Radio.Group
          label={T.judgeDecision}
          description={T.upheldHint}
          value={choice ?? ""}
          onChange={(value) => setChoice(value as DirectAppealDecision)}
          error={errors.decision}
          withAsterisk
        >
          <Group mt={4}>
            <Radio value="UPHELD" label={DIRECT_APPEAL_DECISION_LABELS.UPHELD} />
            <Radio value="DENIED" label={DIRECT_APPEAL_DECISION_LABELS.DENIED} />
          </Group>
        </Radio.Group>
      )}
      <Textarea
        label={label}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={DIRECT_APPEAL_TEXT_MAX}
        autosize
        minRows={3}
        withAsterisk
        error={errors.text ?? errors.reasoning}
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
        <Button onClick={submit} loading={saving} disabled={text.trim() === "" || (decision && !choice)}>
          {sendLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The appeals of a procedure, each with its reasons, counter-arguments and decision; the other party
 * gets the counter-arguments' form, the body's staff the judgement's (or why it must still wait).
 */
export function AppealItems({
  appeals,
  canJudge,
  act,
}: {
  appeals: DirectAppeal[];
  canJudge: boolean;
  /** Runs the user's own change and announces it (useAppealsLive). */
  act: AppealAct;
}) {
  if (appeals.length === 0) return <Text c="dimmed">{T.empty}</Text>;
  return (
    <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: "none" }}>
      {appeals.map((a, index) => (
        <Card key={a.id} withBorder radius="md" padding="md" component="li" data-testid="appeal-item">
          <Group justify="space-between" align="flex-start" gap="xs">
            <Title order={2} fz="md">
              {T.appeal(index + 1)}
            </Title>
            <AppealStatus appeal={a} />
          </Group>
          <Text size="sm" fw={600} mt={4} style={{ overflowWrap: "anywhere" }}>
            {`Contra ${a.subject}`}
          </Text>
          <Text size="xs" c="dimmed" mt={2}>
            {T.filedBy(a.appellantName, formatBrasiliaDateTime(a.filedAt))}
            {a.status === "PENDING" &&
              a.counterpartName &&
              !a.counterArgumentAt &&
              ` · ${T.counterDue(formatBrasiliaDate(a.counterDueAt))}`}
            {a.status === "PENDING" && ` · ${T.decisionDue(formatBrasiliaDate(a.decisionDueAt))}`}
          </Text>
          <Text size="sm" fw={600} mt="xs">
            {T.reasons}
          </Text>
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {a.text}
          </Text>
          {a.file && <FileButton file={a.file} label={T.attachment} />}
          {a.counterArgument && a.counterArgumentAt && (
            <Card withBorder radius="sm" padding="sm" mt="sm">
              <Text size="sm" fw={600}>
                {T.counter}
                <Text span size="xs" c="dimmed" fw={400}>
                  {` ${T.counterBy(a.counterpartName ?? "", formatBrasiliaDateTime(a.counterArgumentAt))}`}
                </Text>
              </Text>
              <Text size="sm" mt={4} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {a.counterArgument}
              </Text>
              {a.counterFile && <FileButton file={a.counterFile} label={T.attachment} />}
            </Card>
          )}
          {a.status === "JUDGED" && a.reasoning && (
            <Card withBorder radius="sm" padding="sm" mt="sm" bg="gray.0">
              <Text size="sm" fw={600}>
                {`${T.judgement}: ${a.decisionLabel ?? ""}`}
                {a.judgedAt && (
                  <Text span size="xs" c="dimmed" fw={400}>
                    {` ${T.judgedAt(formatBrasiliaDateTime(a.judgedAt))}`}
                    {a.judgedByName && ` · ${a.judgedByName}`}
                  </Text>
                )}
              </Text>
              <Text size="sm" mt={4} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {a.reasoning}
              </Text>
              {a.decisionFile && <FileButton file={a.decisionFile} label={T.attachment} />}
            </Card>
          )}
          {a.canCounter && (
            <TextAndFileForm
              label={T.counterLabel}
              sendLabel={T.counterSend}
              errorTitle={T.counterError}
              onSubmit={async (text, file) => {
                await act(() => counterAppeal(a.id, text, file), T.announce.counter);
                notifySuccess(T.counterSent);
              }}
            />
          )}
          {canJudge && a.status === "PENDING" && (
            <Stack gap={0} mt="sm">
              <Title order={3} fz="sm">
                {T.judgeTitle}
              </Title>
              {a.judgeRefusal ? (
                <Alert color="yellow" variant="light" mt="xs">
                  {a.judgeRefusal}
                </Alert>
              ) : (
                <TextAndFileForm
                  label={T.reasoningLabel}
                  sendLabel={T.judgeSend}
                  errorTitle={T.judgeError}
                  decision
                  onSubmit={async (text, file, decision) => {
                    await act(() => judgeAppeal(a.id, decision, text, file), T.announce.judged);
                    notifySuccess(T.judged);
                  }}
                />
              )}
            </Stack>
          )}
        </Card>
      ))}
    </Stack>
  );
}
