import {
  CHAT_MESSAGE_MAX_LENGTH,
  canSendMessageToAllLots,
  formatBrasiliaDateTime,
  isChatReadOnly,
  LIVE_EVENTS,
} from "@certame/domain";
import { ActionIcon, Button, Group, Menu, Paper, ScrollArea, Stack, Text, Title } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { CountedTextarea } from "../../../ui/counted-textarea/CountedTextarea";
import classes from "../layout/TradingRoom.module.css";
import { type RoomState, selectedLot } from "../live/room-state";
import type { ActionAnswer } from "../live/useTradingRoom";
import { allowed } from "../room-permissions";
import { LAYOUT_TEXTS, ROOM_TEXTS } from "../texts";
import {
  canMention,
  mentionOptions,
  mentionsInText,
  messageSenderKind,
  messageText,
  SENDER_COLOURS,
  senderName,
} from "./chat-model";

/** §2.5: the chat scrolls to the bottom 1 s after new messages arrive. */
export const SCROLL_TO_BOTTOM_DELAY_MS = 1000;

export interface ChatBoxProps {
  state: RoomState;
  now: Date;
  /** Sends a live event and resolves with the server's answer (ACKNOWLEDGED or ERROR). */
  request: (event: string, data: unknown) => Promise<ActionAnswer>;
  onLoadOlder: () => Promise<void>;
}

/** The selected lot's chat (§2.5). */
export function ChatBox({ state, now, request, onLoadOlder }: ChatBoxProps) {
  const [text, setText] = useState("");
  /** The chat shown now: a refused message goes back only into the chat it was written in. */
  const shownChannel = useRef<string | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const pendingRestore = useRef<number | null>(null);
  const loadingOlder = useRef(false);
  const lot = selectedLot(state);
  const { chat } = state;
  const lastId = chat.messages.at(-1)?.id;

  // New messages at the end: down to the bottom after 1 s.
  useEffect(() => {
    if (!lastId) return;
    const timer = setTimeout(() => {
      const el = viewport.current;
      if (el) el.scrollTop = el.scrollHeight;
    }, SCROLL_TO_BOTTOM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [lastId]);

  // Older messages prepended: keep the reader where they were.
  const firstId = chat.messages[0]?.id;
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el || pendingRestore.current === null || !firstId) return;
    el.scrollTop = el.scrollHeight - pendingRestore.current;
    pendingRestore.current = null;
  }, [firstId]);

  if (!lot) return null;
  const channelId = chat.channelId;
  shownChannel.current = channelId ?? null;
  const readOnly = isChatReadOnly(state.role) || !allowed(state, "SEND_MESSAGES_IN_BATCH_CHAT", now);
  const disabled = readOnly || !channelId || chat.loading;
  const options = canMention(state.role) ? mentionOptions(chat.members) : [];
  const canSend = !disabled && text.trim() !== "" && text.length <= CHAT_MESSAGE_MAX_LENGTH;

  const sendMessage = () => {
    if (!canSend || !channelId) return;
    deliver(LIVE_EVENTS.newMessage, {
      chatChannel: channelId,
      text,
      mediaFiles: [],
      metadata: { mentions: mentionsInText(text, options) },
    });
  };

  // §5: the input is cleared on sending; a message the server refused (or could not take: the
  // database away, the connection lost) is given back, unless the user has typed another meanwhile.
  const deliver = (event: string, data: unknown) => {
    const typed = text;
    const channel = channelId;
    setText("");
    void request(event, data).then((answer) => {
      // Not after a dropped connection (it may have gone: the resumed room shows it), nor into
      // another lot's chat.
      if (!answer.ok && !answer.unknown && shownChannel.current === channel)
        setText((current) => (current === "" ? typed : current));
    });
  };

  const sendToAll = () => {
    if (!canSend || !state.notice) return;
    deliver(LIVE_EVENTS.newMessageAllBatches, { auctionNoticeId: state.notice.id, text });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      sendMessage();
    }
  };

  const onScroll = async ({ y }: { y: number }) => {
    if (y > 0 || !chat.hasMore || loadingOlder.current) return;
    loadingOlder.current = true;
    pendingRestore.current = viewport.current?.scrollHeight ?? null;
    await onLoadOlder();
    loadingOlder.current = false;
  };

  let body: React.ReactNode;
  if (!channelId && !chat.loading)
    body = (
      <Text c="dimmed" size="sm">
        {ROOM_TEXTS.noChatAccess}
      </Text>
    );
  else if (chat.loading)
    body = (
      <Text c="dimmed" size="sm">
        {ROOM_TEXTS.loadingMessages}
      </Text>
    );
  else if (chat.messages.length === 0)
    body = (
      <Text c="dimmed" size="sm">
        {ROOM_TEXTS.noMessages}
      </Text>
    );
  else
    body = (
      <ol
        className={classes.chatList}
        aria-label="Mensagens"
        style={{ listStyle: "none", margin: 0, padding: 0 }}
      >
        {chat.messages.map((m) => {
          const kind = messageSenderKind(m, state.user?.id, state.auctioneerUserIds);
          const colour = `var(--mantine-color-${SENDER_COLOURS[kind]}-6)`;
          return (
            <li
              key={m.id}
              className={classes.message}
              data-sender={kind}
              style={{ "--message-colour": colour } as React.CSSProperties}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap">
                {/* A system message carries its 'Sistema: ' prefix in the text itself. */}
                <Text size="xs" fw={700} c={colour} truncate="end">
                  {kind === "SYSTEM" ? "" : senderName(m)}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                  {formatBrasiliaDateTime(m.createdDate)}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {messageText(m)}
              </Text>
            </li>
          );
        })}
      </ol>
    );

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={`Chat do lote ${lot.number}`}>
      <Stack gap="xs" h="100%">
        <Title order={2} fz="md">
          {LAYOUT_TEXTS.chatHeading(lot.number)}
        </Title>
        <ScrollArea
          h={320}
          viewportRef={viewport}
          onScrollPositionChange={onScroll}
          type="auto"
          // The messages scroll by the keyboard too (axe 'scrollable-region-focusable').
          viewportProps={{
            tabIndex: 0,
            role: "region",
            "aria-label": LAYOUT_TEXTS.chatScrollBox(lot.number),
          }}
          classNames={{ viewport: classes.scrollBox }}
        >
          {body}
        </ScrollArea>
        <CountedTextarea
          aria-label="Mensagem"
          placeholder={readOnly ? ROOM_TEXTS.chatDisabled : ROOM_TEXTS.messagePlaceholder}
          value={text}
          onChange={setText}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          mentions={options}
          disabled={disabled}
          autosize
          minRows={1}
          maxRows={5}
          styles={{ input: { lineHeight: "20px" } }}
          onKeyDown={onKeyDown}
        />
        <Group justify="flex-end" gap={0}>
          <Button
            onClick={sendMessage}
            disabled={!canSend}
            style={
              canSendMessageToAllLots(state.role)
                ? { borderTopRightRadius: 0, borderBottomRightRadius: 0 }
                : undefined
            }
          >
            {ROOM_TEXTS.send}
          </Button>
          {canSendMessageToAllLots(state.role) && (
            <Menu position="top-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  size={36}
                  variant="filled"
                  disabled={!canSend}
                  aria-label="Mais opções de envio"
                  style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: "1px solid white" }}
                >
                  <IconChevronDown size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={sendToAll}>{ROOM_TEXTS.sendToAllLots}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
