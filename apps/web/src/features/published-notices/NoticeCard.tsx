import { formatBrasiliaDateTime, MODALITY_LABELS } from "@certame/domain";
import { Button, Divider, Group, Menu, Paper, Stack, Text, Title } from "@mantine/core";
import {
  IconBuildingBank,
  IconCalendarEvent,
  IconChevronDown,
  IconDownload,
  IconMapPin,
} from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router";
import { serverMessageOr } from "../../api/client";
import { saveFile } from "../../api/files";
import { notifyError } from "../../ui/notify";
import { GENERIC_ERROR_TITLE } from "../../ui/texts";
import { downloadProposalTemplate } from "../direct-proposals/api";
import type { NoticeListItem } from "../public-notices/api";
import { StatusPill } from "../public-notices/StatusPill";
import { type CardAction, type CardUser, submenuLabel, visibleCardActions } from "./card-actions";

/** Published-portal object text is cropped at 500 characters plus '...' (§9 "Tables and pagination"). */
export const OBJECT_MAX_LENGTH = 500;

export const cropObject = (text: string, max = OBJECT_MAX_LENGTH): string =>
  text.length > max ? `${text.slice(0, max)}...` : text;

const cityState = (n: NoticeListItem) => [n.buyer.city, n.buyer.state].filter(Boolean).join("/");

function ActionButton({
  action,
  notice,
  onDownload,
}: {
  action: CardAction;
  notice: NoticeListItem;
  onDownload: () => void;
}) {
  if (action.id === "DOWNLOAD_FILES") {
    return (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconDownload size={16} />}
        aria-label={`${action.label} ${notice.noticeNumber}`}
        onClick={onDownload}
      >
        {action.label}
      </Button>
    );
  }
  if (action.id === "DOWNLOAD_PROPOSAL_TEMPLATE") return <TemplateButton action={action} notice={notice} />;
  return action.route ? (
    <Button size="xs" variant="light" component={Link} to={action.route}>
      {action.label}
    </Button>
  ) : null;
}

/** 'Baixar modelo de proposta' of a direct procedure: the .xlsx built from the notice's lots. */
function TemplateButton({ action, notice }: { action: CardAction; notice: NoticeListItem }) {
  const download = useMutation({
    mutationFn: () => downloadProposalTemplate(String(notice.id), notice.noticeNumber),
    onSuccess: saveFile,
    onError: (failure) => notifyError(GENERIC_ERROR_TITLE, serverMessageOr(failure)),
  });
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={16} />}
      aria-label={`${action.label} ${notice.noticeNumber}`}
      loading={download.isPending}
      onClick={() => download.mutate()}
    >
      {action.label}
    </Button>
  );
}

/**
 * A published notice as a card (§2.3): number, process, modality, status, buyer and city/UF, the
 * object cropped at 500 characters, the session in Brasília time, the secretariats, and the card
 * actions whose feature exists.
 */
export function NoticeCard({
  notice,
  user,
  onDownload,
}: {
  notice: NoticeListItem;
  user: CardUser | null;
  onDownload: (notice: NoticeListItem) => void;
}) {
  const actions = visibleCardActions(notice, user);
  const buttons = actions.filter((a) => !a.inSubmenu);
  const submenu = actions.filter((a) => a.inSubmenu && a.route);
  const place = cityState(notice);
  const titleId = `notice-card-${notice.id}`;

  return (
    <Paper component="article" withBorder radius="md" p="md" h="100%" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2}>
            <Title order={2} fz="lg" c="certame.9" id={titleId}>
              {notice.noticeNumber}
            </Title>
            <Text size="sm" c="dimmed">
              Processo nº {notice.processNumber} · {MODALITY_LABELS[notice.modality] ?? notice.modality}
            </Text>
            {notice.pncpControlNumber && (
              <Text size="sm" c="dimmed">
                Nº de controle PNCP: {notice.pncpControlNumber}
              </Text>
            )}
          </Stack>
          <StatusPill status={notice.status} />
        </Group>

        <Group gap="md" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <IconBuildingBank size={16} aria-hidden />
            <Text size="sm" fw={600}>
              {notice.buyer.corporateName}
            </Text>
          </Group>
          {place && (
            <Group gap={6} wrap="nowrap">
              <IconMapPin size={16} aria-hidden />
              <Text size="sm">{place}</Text>
            </Group>
          )}
        </Group>

        <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
          <Text span fw={600}>
            Objeto:{" "}
          </Text>
          {cropObject(notice.objectOfInterest)}
        </Text>

        <Group gap="md" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <IconCalendarEvent size={16} aria-hidden />
            <Text size="sm">
              Sessão:{" "}
              {notice.startDateTime
                ? `${formatBrasiliaDateTime(notice.startDateTime)} (horário de Brasília)`
                : "a definir"}
            </Text>
          </Group>
          {notice.secretariesNames && (
            <Text size="sm">
              <Text span fw={600}>
                Secretarias:{" "}
              </Text>
              {notice.secretariesNames}
            </Text>
          )}
        </Group>

        {(buttons.length > 0 || submenu.length > 0) && (
          <>
            <Divider />
            <Group
              gap="xs"
              justify="flex-end"
              role="group"
              aria-label={`Ações do edital ${notice.noticeNumber}`}
            >
              {buttons.map((action) => (
                <ActionButton
                  key={action.id}
                  action={action}
                  notice={notice}
                  onDownload={() => onDownload(notice)}
                />
              ))}
              {submenu.length > 0 && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button size="xs" variant="subtle" rightSection={<IconChevronDown size={14} />}>
                      {submenuLabel(submenu)}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {submenu.map((action) => (
                      <Menu.Item key={action.id} component={Link} to={action.route as string}>
                        {action.label}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
