import { CLARIFICATION_TEXT_MAX, type ClarificationKind, formatBrasiliaDate } from "@certame/domain";
import {
  Alert,
  Anchor,
  Button,
  Center,
  FileInput,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import { IconAlertCircle, IconArrowLeft } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError, serverMessageOr } from "../../api/client";
import { isPdfWithinLimit } from "../../api/files";
import { propertiesToFieldErrors, useFocusFirstInvalid } from "../../ui/form-errors";
import { errorMessageOf, notifyError, notifySuccess } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { createClarification, uploadPdf, useClarifications } from "./api";
import { NoticeHeader } from "./NoticeHeader";
import { kindPath, CLARIFICATION_TEXTS as T } from "./texts";

function RequestForm({ kind }: { kind: ClarificationKind }) {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useClarifications(id, kind);
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { ref: formRef, refused } = useFocusFirstInvalid<HTMLDivElement>();

  if (query.isPending)
    return (
      <Center py="xl">
        <Loader role="progressbar" aria-label={T.loading} />
      </Center>
    );
  if (query.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {errorMessageOf(query.error)}
      </Alert>
    );
  const list = query.data;
  const deadline = list.requestDeadline;

  const send = async () => {
    if (file && !isPdfWithinLimit(file)) {
      setErrors({ fileId: T.fileTypeError });
      refused();
      return;
    }
    setSending(true);
    setErrors({});
    setRefusal(null);
    try {
      const fileId = file ? (await uploadPdf(file)).id : null;
      await createClarification({ auctionNoticeId: id, kind, text, fileId });
      notifySuccess(T.sent[kind]);
      await queryClient.invalidateQueries({ queryKey: ["clarifications"] });
      navigate(kindPath(kind, true, id));
    } catch (error) {
      if (error instanceof ApiError && error.properties.length > 0) {
        setErrors(propertiesToFieldErrors(error.properties));
        refused();
      }
      if (error instanceof ApiError && error.status === 409) setRefusal(error.message);
      else notifyError(T.sendError, serverMessageOr(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="md" maw={820} ref={formRef}>
      <NoticeHeader notice={list.notice} />
      <Alert color={list.requestOpen ? "blue" : "orange"} variant="light" title={T.deadline}>
        <Text size="sm">
          {deadline
            ? list.requestOpen
              ? `Até ${formatBrasiliaDate(deadline)}.`
              : `${T.closed} ${formatBrasiliaDate(deadline)}.`
            : T.noSessionDate}
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          {T.deadlineHint}
        </Text>
      </Alert>
      {refusal && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {refusal}
        </Alert>
      )}
      <Textarea
        label={T.textLabel[kind]}
        placeholder={T.textPlaceholder[kind]}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={CLARIFICATION_TEXT_MAX}
        autosize
        minRows={6}
        withAsterisk
        error={errors.text}
        description={`${text.length}/${CLARIFICATION_TEXT_MAX}`}
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
        <Button onClick={send} loading={sending} disabled={text.trim() === ""}>
          {T.send[kind]}
        </Button>
      </Group>
    </Stack>
  );
}

function RequestPage({ kind }: { kind: ClarificationKind }) {
  const { id = "" } = useParams();
  return (
    <>
      <PageTitle title={T.requestTitle[kind]} />
      <Stack gap="md">
        <Anchor component={Link} to={kindPath(kind, true, id)} underline="always" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            {T.viewAll[kind]}
          </Group>
        </Anchor>
        <RequestForm kind={kind} />
      </Stack>
    </>
  );
}

/** /solicitar-esclarecimentos/:id (notices-and-accounts §2.3; Lei 14.133 art. 164). */
export function ClarificationRequestPage() {
  return <RequestPage kind="CLARIFICATION" />;
}

/** /impugnar/:id: any supplier or citizen (art. 164 caput: "qualquer pessoa"). */
export function ChallengeRequestPage() {
  return <RequestPage kind="CHALLENGE" />;
}
