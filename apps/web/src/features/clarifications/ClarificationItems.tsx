import {
  CHALLENGE_DECISION_LABELS,
  type ChallengeDecision,
  CLARIFICATION_TEXT_MAX,
  type ClarificationKind,
  formatBrasiliaDate,
  formatBrasiliaDateTime,
} from "@certame/domain";
import {
  Anchor,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  Radio,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { serverMessageOr } from "../../api/client";
import { isPdfWithinLimit } from "../../api/files";
import { notifyError, notifySuccess } from "../../ui/notify";
import { Pill } from "../../ui/pill/Pill";
import {
  answerClarification,
  type ClarificationFile,
  type ClarificationItem,
  fileUrl,
  uploadPdf,
} from "./api";
import { CLARIFICATION_TEXTS as T } from "./texts";

function FileLink({ file, label }: { file: ClarificationFile; label: string }) {
  return (
    <Anchor href={fileUrl(file.id)} size="sm" aria-label={`${label}: ${file.name}`}>
      <Group gap={4} wrap="nowrap">
        <IconFileTypePdf size={16} aria-hidden />
        <span>{file.name}</span>
      </Group>
    </Anchor>
  );
}

/** The request's state in the house's status pill (readable text on the tint, WCAG AA). */
export function StatusBadge({ item }: { item: Pick<ClarificationItem, "status" | "decision" | "overdue"> }) {
  if (item.status === "ANSWERED")
    return item.decision ? (
      <Pill
        label={CHALLENGE_DECISION_LABELS[item.decision]}
        color={item.decision === "UPHELD" ? "green" : "red"}
      />
    ) : (
      <Pill label={T.answered} color="green" />
    );
  return <Pill label={item.overdue ? T.overdue : T.pending} color={item.overdue ? "red" : "yellow"} />;
}

/** The body's answer to a pending request: a challenge's with its decision and the optional suspension. */
function AnswerForm({ item, onDone }: { item: ClarificationItem; onDone: () => Promise<void> }) {
  const challenge = item.kind === "CHALLENGE";
  const [answer, setAnswer] = useState("");
  const [decision, setDecision] = useState<ChallengeDecision | null>(null);
  const [suspend, setSuspend] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    if (file && !isPdfWithinLimit(file)) {
      setErrors({ fileId: T.fileTypeError });
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const fileId = file ? (await uploadPdf(file)).id : null;
      await answerClarification({
        id: item.id,
        answer,
        decision: challenge ? decision : null,
        suspendNotice: challenge && decision === "UPHELD" && suspend,
        fileId,
      });
      notifySuccess(T.answered_ok);
      await onDone();
    } catch (error) {
      const properties =
        (error as { properties?: { property: string; errorMessages: string[] }[] }).properties ?? [];
      setErrors(Object.fromEntries(properties.map((p) => [p.property, p.errorMessages[0] ?? ""])));
      notifyError(T.answerError, serverMessageOr(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm" mt="sm">
      {challenge && (
        <Radio.Group
          label={T.decisionLabel}
          value={decision ?? ""}
          onChange={(value) => setDecision(value as ChallengeDecision)}
          error={errors.decision}
          withAsterisk
        >
          <Group mt={4}>
            <Radio value="UPHELD" label={CHALLENGE_DECISION_LABELS.UPHELD} />
            <Radio value="DENIED" label={CHALLENGE_DECISION_LABELS.DENIED} />
          </Group>
        </Radio.Group>
      )}
      <Textarea
        label={T.answerLabel[item.kind]}
        value={answer}
        onChange={(event) => setAnswer(event.currentTarget.value)}
        maxLength={CLARIFICATION_TEXT_MAX}
        autosize
        minRows={3}
        withAsterisk
        error={errors.answer}
      />
      {challenge && decision === "UPHELD" && (
        <Checkbox
          label={T.suspendLabel}
          checked={suspend}
          onChange={(event) => setSuspend(event.currentTarget.checked)}
          error={errors.suspendNotice}
        />
      )}
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
        <Button onClick={submit} loading={saving} disabled={answer.trim() === "" || (challenge && !decision)}>
          {T.answerSend}
        </Button>
      </Group>
    </Stack>
  );
}

/** The requests of a notice, each with its answer (or the answer form for the body's staff). */
export function ClarificationItems({
  items,
  kind,
  canAnswer,
  noticeId,
  headingLevel = 2,
}: {
  items: ClarificationItem[];
  kind: ClarificationKind;
  canAnswer: boolean;
  noticeId: string;
  headingLevel?: 2 | 3;
}) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["clarifications", noticeId] });
  if (items.length === 0) return <Text c="dimmed">{T.empty[kind]}</Text>;
  return (
    <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: "none" }}>
      {items.map((item, index) => (
        <Card
          key={item.id}
          withBorder
          radius="md"
          padding="md"
          component="li"
          data-testid="clarification-item"
        >
          <Group justify="space-between" align="flex-start" gap="xs">
            <Title order={headingLevel} fz="md">
              {`${kind === "CHALLENGE" ? "Impugnação" : "Esclarecimento"} nº ${index + 1}`}
            </Title>
            <StatusBadge item={item} />
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {`${T.askedAt} ${formatBrasiliaDateTime(item.createdDate)}`}
            {item.status === "PENDING" && ` · ${T.answerDue} ${formatBrasiliaDate(item.answerDueAt)}`}
            {item.requesterName && ` · ${T.requester}: ${item.requesterName}`}
            {item.mine && ` · ${T.you}`}
          </Text>
          <Text mt="xs" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {item.text}
          </Text>
          {item.file && <FileLink file={item.file} label={T.attachment} />}
          {item.status === "ANSWERED" && item.answer && (
            <Card withBorder radius="sm" padding="sm" mt="sm" bg="gray.0">
              <Text size="sm" fw={600}>
                {item.decision ? `${T.decision}: ${CHALLENGE_DECISION_LABELS[item.decision]}` : T.answer}
                {item.answeredAt && (
                  <Text
                    span
                    size="xs"
                    c="dimmed"
                    fw={400}
                  >{` · ${T.answeredAt} ${formatBrasiliaDateTime(item.answeredAt)}`}</Text>
                )}
              </Text>
              <Text size="sm" mt={4} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {item.answer}
              </Text>
              {item.answerFile && <FileLink file={item.answerFile} label={T.answerAttachment} />}
            </Card>
          )}
          {canAnswer && item.status === "PENDING" && <AnswerForm item={item} onDone={refresh} />}
        </Card>
      ))}
    </Stack>
  );
}
