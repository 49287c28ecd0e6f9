import {
  DIRECT_FORUM_TEXT_MAX,
  DIRECT_LIVE_ACTIONS,
  type DirectLiveAction,
  formatBrasiliaDateTime,
} from "@certame/domain";
import {
  Alert,
  Button,
  Group,
  Pagination,
  Paper,
  Stack,
  Text,
  Textarea,
  VisuallyHidden,
} from "@mantine/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useParams } from "react-router";
import { ApiError, serverMessageOr } from "../../api/client";
import { notifyError, notifySuccess } from "../../ui/notify";
import { Pill } from "../../ui/pill/Pill";
import { GENERIC_ERROR_TITLE } from "../../ui/texts";
import type { SocketFactory } from "../trading-room/live/room-socket";
import { DirectPage, NoticeSummary } from "./DirectPage";
import {
  type DirectForum,
  type ForumMessage,
  type ForumThread,
  forumKeys,
  postForumMessage,
  readForum,
} from "./forum-api";
import { FORUM_TEXTS as T } from "./forum-texts";
import { useDirectLive } from "./useDirectLive";

/** Polled only while the live channel is away. */
const FALLBACK_REFRESH_MS = 10_000;
const LIVE_ACTIONS: readonly DirectLiveAction[] = [DIRECT_LIVE_ACTIONS.forumMessagePosted];

const kindColor = (m: ForumMessage) =>
  m.authorKind === "BODY" ? "blue" : m.authorKind === "SUPPLIER" ? "grape" : "gray";

/** The field's error of a refused post (400 with `text`), else null and a notification. */
function fieldErrorOf(failure: unknown): string | null {
  const property =
    failure instanceof ApiError ? failure.properties.find((p) => p.property === "text") : undefined;
  if (property) return property.errorMessages[0] ?? null;
  notifyError(GENERIC_ERROR_TITLE, serverMessageOr(failure));
  return null;
}

function MessageHead({ message }: { message: ForumMessage }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text fw={700} size="sm" style={{ overflowWrap: "anywhere" }}>
        {message.authorName}
      </Text>
      <Pill label={message.authorKindLabel} color={kindColor(message)} />
      <Text size="xs" c="dimmed">
        {formatBrasiliaDateTime(message.createdDate)}
      </Text>
    </Group>
  );
}

function MessageText({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
      {text}
    </Text>
  );
}

/**
 * /forum-de-mensagens/{id} (notices-and-accounts §2.3, the DIRECT_* cards' submenu; issue 19 item 2):
 * the procedure's messages, newest thread first with the body's replies under each; suppliers and
 * citizens write messages, the body's staff notices and replies. New messages arrive through the
 * live channel (announced), the page polling only while it is away.
 */
export function ForumPage({ createSocket }: { createSocket?: SocketFactory } = {}) {
  const { id = "" } = useParams();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [text, setText] = useState("");
  const [textError, setTextError] = useState<string | null>(null);
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const [reply, setReply] = useState("");
  const [replyError, setReplyError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const pageRef = useRef(page);
  pageRef.current = page;
  const refresh = () => client.invalidateQueries({ queryKey: forumKeys.all(id) });
  const { live } = useDirectLive({
    auctionNoticeId: id,
    actions: LIVE_ACTIONS,
    createSocket,
    // Read again; announced unless the message is the reader's own (its frame may come before the
    // post's answer, so the server's `mine` decides, once read).
    onAction: (_action, data) => {
      void refresh().then(() => {
        const forum = client.getQueryData<DirectForum>(forumKeys.page(id, pageRef.current));
        const message = forum?.threads
          .flatMap((m) => [m, ...m.replies])
          .find((m) => m.id === String(data.messageId));
        if (!message?.mine) setAnnouncement(T.newMessage);
      });
    },
    onResync: () => void refresh(),
  });
  const query = useQuery({
    queryKey: forumKeys.page(id, page),
    queryFn: () => readForum(id, page),
    placeholderData: keepPreviousData,
    refetchInterval: live ? false : FALLBACK_REFRESH_MS,
  });
  const send = useMutation({
    mutationFn: (input: { text: string; parentId?: string }) =>
      postForumMessage(id, input.text, input.parentId),
    onSuccess: (_saved, input) => {
      notifySuccess(T.sent, T.sentTitle);
      if (input.parentId) {
        setReplyingTo(null);
        setReply("");
      } else {
        setText("");
        setPage(1);
      }
      void refresh();
    },
    onError: (failure, input) => {
      const error = fieldErrorOf(failure);
      if (input.parentId) setReplyError(error);
      else setTextError(error);
    },
  });

  const counter = (value: string) => T.characters(value.length, DIRECT_FORUM_TEXT_MAX);

  const thread = (m: ForumThread, canReply: boolean) => (
    <Paper
      key={m.id}
      role="listitem"
      withBorder
      radius="md"
      p="md"
      aria-label={`Mensagem de ${m.authorName}`}
    >
      <Stack gap="xs">
        <MessageHead message={m} />
        <MessageText text={m.text} />
        {m.replies.length > 0 && (
          <Stack
            gap="xs"
            role="list"
            aria-label={T.repliesLabel}
            pl="md"
            style={{ borderLeft: "3px solid var(--mantine-color-blue-4)" }}
          >
            {m.replies.map((r) => (
              <Stack key={r.id} gap={4} role="listitem">
                <MessageHead message={r} />
                <MessageText text={r.text} />
              </Stack>
            ))}
          </Stack>
        )}
        {canReply && m.authorKind !== "BODY" && replyingTo !== m.id && (
          <Group>
            <Button
              size="xs"
              variant="light"
              aria-label={T.replyTo(m.authorName)}
              onClick={() => {
                setReplyingTo(m.id);
                setReply("");
                setReplyError(null);
              }}
            >
              {T.reply}
            </Button>
          </Group>
        )}
        {replyingTo === m.id && (
          <Stack gap="xs">
            <Textarea
              label={T.replyLabel}
              withAsterisk
              data-autofocus
              autosize
              minRows={2}
              maxLength={DIRECT_FORUM_TEXT_MAX}
              description={counter(reply)}
              value={reply}
              error={replyError}
              onChange={(e) => {
                setReply(e.currentTarget.value);
                setReplyError(null);
              }}
            />
            <Group gap="xs">
              <Button
                size="xs"
                loading={send.isPending}
                onClick={() => send.mutate({ text: reply, parentId: m.id })}
              >
                {T.sendReply}
              </Button>
              <Button size="xs" variant="default" onClick={() => setReplyingTo(null)}>
                {T.cancel}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );

  return (
    <>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <DirectPage title={T.title} query={query} loadError={T.loadError}>
        {(data) => (
          <Stack gap="lg">
            <NoticeSummary notice={data.notice} />
            {!data.open ? (
              <Alert color="gray">{T.closed}</Alert>
            ) : data.canPost ? (
              <Stack gap="xs">
                <Textarea
                  label={data.canReply ? T.noticeLabel : T.messageLabel}
                  withAsterisk
                  autosize
                  minRows={3}
                  maxLength={DIRECT_FORUM_TEXT_MAX}
                  description={counter(text)}
                  value={text}
                  error={textError}
                  onChange={(e) => {
                    setText(e.currentTarget.value);
                    setTextError(null);
                  }}
                />
                <Group>
                  <Button loading={send.isPending && !replyingTo} onClick={() => send.mutate({ text })}>
                    {data.canReply ? T.sendNotice : T.send}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {T.readOnly}
              </Text>
            )}
            {data.threads.length === 0 ? (
              <Text c="dimmed">{T.none}</Text>
            ) : (
              <Stack gap="sm" role="list" aria-label={T.listLabel}>
                {data.threads.map((m) => thread(m, data.canReply))}
              </Stack>
            )}
            {data.total > data.pageSize && (
              <Pagination
                value={page}
                onChange={setPage}
                total={Math.ceil(data.total / data.pageSize)}
                getControlProps={(control) => ({ "aria-label": `Página ${control}` })}
              />
            )}
          </Stack>
        )}
      </DirectPage>
    </>
  );
}
