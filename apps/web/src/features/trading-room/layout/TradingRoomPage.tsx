import { CONNECTION_STATUS_LABELS, type ConnectionStatus } from "@certame/domain";
import { ActionIcon, Alert, Badge, Box, Button, Grid, Group, Skeleton, Stack, Title } from "@mantine/core";
import { IconAlertCircle, IconArrowLeft } from "@tabler/icons-react";
import { useCallback, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { usePageTitle } from "../../../ui/page-title";
import { useSession } from "../../auth/session";
import { noticeDetailPath } from "../../public-notices/texts";
import { BidTable } from "../bids/BidTable";
import { TieBreakBanner } from "../bids/TieBreakBanner";
import { ChatBox } from "../chat/ChatBox";
import { ControlPanel } from "../control/ControlPanel";
import { readSoundPreference } from "../live/room-alerts";
import { AnnounceContext, useAnnouncements } from "../live/useAnnouncements";
import { useServerNow } from "../live/useServerNow";
import { type TradingRoomOptions, useTradingRoom } from "../live/useTradingRoom";
import { allowed } from "../room-permissions";
import { ROOM_TEXTS } from "../texts";
import { LotTable } from "./LotTable";
import { ProcessHeader } from "./ProcessHeader";
import { RoomAnnouncer } from "./RoomAnnouncer";
import { RoomSkipLink } from "./RoomSkipLink";
import { SupplierRoomBar } from "./SupplierRoomBar";

const STATUS_COLOURS: Record<ConnectionStatus, string> = {
  CLOSED: "gray",
  CONNECTING: "yellow",
  ACTIVATED: "green",
  FAILED: "red",
};

/**
 * Where the room's error exits lead (a notice the room refuses may have no public page): the
 * published notices. Its back button goes to the notice's page, /detalhes-do-edital/{id} (§2.1).
 */
export const roomBackPath = (loggedIn: boolean) => (loggedIn ? "/editais-publicados" : "/editais");

function RoomSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Carregando sala de negociação">
      <Skeleton h={64} radius="md" />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <Skeleton h={320} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Skeleton h={320} radius="md" />
        </Grid.Col>
      </Grid>
      <Skeleton h={280} radius="md" />
    </Stack>
  );
}

export interface TradingRoomPageProps {
  /** Test seam: the socket factory and address. */
  connection?: Pick<TradingRoomOptions, "createSocket" | "url">;
}

/** /sala-de-negociacao/:id — the live trading room of a notice (trading-room §2.1–§2.6). */
export function TradingRoomPage({ connection }: TradingRoomPageProps = {}) {
  const { id = "" } = useParams();
  const { user, isLoading } = useSession();
  // The room starts once it knows who is in it (a session, or a visitor).
  if (isLoading) return <RoomSkeleton />;
  return <TradingRoom key={id} id={id} loggedIn={user !== null} connection={connection} />;
}

function TradingRoom({
  id,
  loggedIn,
  connection,
}: {
  id: string;
  loggedIn: boolean;
  connection: TradingRoomPageProps["connection"];
}) {
  const navigate = useNavigate();
  const back = roomBackPath(loggedIn);
  const goBack = useCallback(() => navigate(back), [navigate, back]);
  const room = useTradingRoom({ auctionNoticeId: id, loggedIn, goBack, ...connection });
  const { state } = room;
  const now = useServerNow(state.offsetMs, state.notice !== null);
  const announcer = useAnnouncements(state, now);
  const [sound, setSound] = useState(readSoundPreference);
  const everActivated = useRef(false);
  if (state.status === "ACTIVATED") everActivated.current = true;
  const ready = state.notice !== null && everActivated.current;
  usePageTitle([ROOM_TEXTS.title, state.notice?.noticeNumber]);

  return (
    // Inside the public site (a visitor) the page brings its own margins.
    <Box p={loggedIn ? 0 : "md"}>
      <AnnounceContext.Provider value={announcer.announce}>
        <RoomAnnouncer texts={announcer.texts} />
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label="Voltar"
                onClick={() => navigate(noticeDetailPath(id))}
              >
                <IconArrowLeft size={20} />
              </ActionIcon>
              <Title order={1} fz={22}>
                {ROOM_TEXTS.title}
              </Title>
            </Group>
            <Badge
              color={STATUS_COLOURS[state.status]}
              variant="dot"
              style={{ textTransform: "none" }}
              role="status"
            >
              {CONNECTION_STATUS_LABELS[state.status]}
            </Badge>
          </Group>
          {room.startError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title="Erro" role="alert">
              <Stack gap="xs" align="flex-start">
                {room.startError}
                <Button size="xs" variant="light" onClick={goBack}>
                  Voltar
                </Button>
              </Stack>
            </Alert>
          ) : !ready || !state.notice ? (
            <RoomSkeleton />
          ) : (
            <>
              {allowed(state, "SEND_BIDS_IN_BATCH", now) && <RoomSkipLink />}
              <ProcessHeader notice={state.notice} />
              <SupplierRoomBar anonymousNumber={state.anonymousNumber} sound={sound} onSound={setSound} />
              <TieBreakBanner state={state} now={now} onSelectLot={room.selectLot} sound={sound} />
              <Grid gap="sm">
                <Grid.Col span={12}>
                  <LotTable state={state} now={now} onSelect={room.selectLot} onFilter={room.setFilter} />
                </Grid.Col>
                {/* Issue 12 item 1: the bid table takes the full width, so all of its columns show;
                    the control panel (with the bid input) and the chat share the row above it. */}
                <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
                  <ControlPanel state={state} now={now} send={room.send} request={room.request} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
                  <ChatBox
                    state={state}
                    now={now}
                    request={room.request}
                    onLoadOlder={room.loadOlderMessages}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12 }}>
                  <BidTable
                    state={state}
                    now={now}
                    onSelectBid={room.selectBid}
                    send={room.send}
                    request={room.request}
                  />
                </Grid.Col>
              </Grid>
            </>
          )}
        </Stack>
      </AnnounceContext.Provider>
    </Box>
  );
}
