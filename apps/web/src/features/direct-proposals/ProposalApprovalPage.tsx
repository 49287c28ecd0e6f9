import {
  DIRECT_LIVE_ACTIONS,
  DIRECT_PROPOSAL_REASON_MAX,
  type DirectLiveAction,
  formatBrasiliaDateTime,
} from "@certame/domain";
import { Button, Group, Stack, Table, Text, Textarea, VisuallyHidden } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { ApiError, serverMessageOr } from "../../api/client";
import { saveFile } from "../../api/files";
import { ScrollTable } from "../../ui/data-table/ScrollTable";
import { AppModal } from "../../ui/modal/AppModal";
import { notifyError, notifySuccess } from "../../ui/notify";
import { Pill } from "../../ui/pill/Pill";
import { GENERIC_ERROR_TITLE } from "../../ui/texts";
import type { SocketFactory } from "../trading-room/live/room-socket";
import { type DirectProposal, decideProposal, directKeys, downloadProposal, readAnalysis } from "./api";
import { DirectPage, NoticeSummary, statusColor } from "./DirectPage";
import { DIRECT_TEXTS as T } from "./texts";
import { useDirectLive } from "./useDirectLive";

/** How often the analysis list is read again while the live channel is away (a fallback). */
const FALLBACK_REFRESH_MS = 10_000;

/** The live actions of this page and what each announces. */
const LIVE_ANNOUNCEMENTS: Partial<Record<DirectLiveAction, string>> = {
  [DIRECT_LIVE_ACTIONS.proposalSent]: "Nova proposta recebida.",
  [DIRECT_LIVE_ACTIONS.proposalReplaced]: "Um fornecedor substituiu a proposta enviada.",
  [DIRECT_LIVE_ACTIONS.proposalDecided]: "Análise de proposta registrada.",
};
const LIVE_ACTIONS = Object.keys(LIVE_ANNOUNCEMENTS) as DirectLiveAction[];

/**
 * /procedimentos-auxiliares/{id}/aprovar-propostas (§2.3 'Analisar e aprovar propostas', buyer): every
 * proposal of the body's direct procedure with its supplier and PDF; a pending one is approved, or
 * rejected with the reason the supplier receives by e-mail.
 */
export function ProposalApprovalPage({ createSocket }: { createSocket?: SocketFactory } = {}) {
  const { id = "" } = useParams();
  const client = useQueryClient();
  const [announcement, setAnnouncement] = useState("");
  // New proposals and decisions (another official's too) arrive through the live channel.
  const { live } = useDirectLive({
    auctionNoticeId: id,
    actions: LIVE_ACTIONS,
    createSocket,
    onAction: (action) => {
      setAnnouncement(LIVE_ANNOUNCEMENTS[action] ?? "");
      void client.invalidateQueries({ queryKey: directKeys.analysis(id) });
    },
    onResync: () => void client.invalidateQueries({ queryKey: directKeys.analysis(id) }),
  });
  const [rejecting, setRejecting] = useState<DirectProposal | null>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const query = useQuery({
    queryKey: directKeys.analysis(id),
    queryFn: () => readAnalysis(id),
    refetchInterval: live ? false : FALLBACK_REFRESH_MS,
  });
  const decide = useMutation({
    mutationFn: (input: { proposal: DirectProposal; decision: "APPROVED" | "REJECTED"; reason?: string }) =>
      decideProposal(input.proposal.id, input.decision, input.reason),
    onSuccess: (_saved, input) => {
      notifySuccess(input.decision === "APPROVED" ? T.approved : T.rejected, T.decidedTitle);
      // Only the rejection just confirmed closes the dialog: an earlier approval's answer may come
      // after the live channel already showed it and the user opened the next proposal's dialog.
      if (input.decision === "REJECTED") {
        setRejecting((open) => (open?.id === input.proposal.id ? null : open));
        setReason("");
      }
      void client.invalidateQueries({ queryKey: directKeys.analysis(id) });
    },
    onError: (failure) => {
      const property =
        failure instanceof ApiError ? failure.properties.find((p) => p.property === "reason") : undefined;
      if (property) setReasonError(property.errorMessages[0] ?? null);
      else notifyError(GENERIC_ERROR_TITLE, serverMessageOr(failure));
    },
  });
  const download = useMutation({
    mutationFn: downloadProposal,
    onSuccess: saveFile,
    onError: (failure) => notifyError(GENERIC_ERROR_TITLE, serverMessageOr(failure)),
  });

  const proposals = query.data?.proposals ?? [];
  const pending = proposals.filter((p) => p.status === "PENDING").length;
  return (
    <>
      <VisuallyHidden role="status" aria-live="polite">
        {query.data ? `${announcement ? `${announcement} ` : ""}${T.pending(pending)}` : ""}
      </VisuallyHidden>
      <DirectPage title={T.approvalTitle} query={query}>
        {(data) => (
          <Stack gap="lg">
            <NoticeSummary notice={data.notice} />
            <Text fw={600}>{T.pending(pending)}</Text>
            {proposals.length === 0 ? (
              <Text c="dimmed">{T.none}</Text>
            ) : (
              <ScrollTable label={T.approvalTitle} minWidth={860} verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{T.columns.supplier}</Table.Th>
                    <Table.Th>{T.columns.kind}</Table.Th>
                    <Table.Th>{T.columns.sentAt}</Table.Th>
                    <Table.Th>{T.columns.file}</Table.Th>
                    <Table.Th>{T.columns.status}</Table.Th>
                    <Table.Th>{T.columns.actions}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {proposals.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {p.supplier.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {p.supplier.documentNumber}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{p.kindLabel}</Text>
                        {p.description && (
                          <Text size="xs" c="dimmed">
                            {p.description}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>{formatBrasiliaDateTime(p.sentAt)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="subtle"
                          leftSection={<IconDownload size={14} />}
                          aria-label={`${T.download} ${p.fileName} (${p.supplier.name})`}
                          onClick={() => download.mutate(p)}
                        >
                          {T.download}
                        </Button>
                      </Table.Td>
                      <Table.Td>
                        <Pill label={p.statusLabel} color={statusColor(p)} />
                        {p.reason && (
                          <Text size="xs" c="dimmed">
                            {p.reason}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {p.status === "PENDING" ? (
                          <Group gap="xs" wrap="nowrap">
                            <Button
                              size="xs"
                              color="green"
                              aria-label={`${T.approve} ${p.supplier.name}`}
                              loading={decide.isPending && decide.variables?.proposal.id === p.id}
                              onClick={() => decide.mutate({ proposal: p, decision: "APPROVED" })}
                            >
                              {T.approve}
                            </Button>
                            <Button
                              size="xs"
                              color="red"
                              variant="light"
                              aria-label={`${T.reject} ${p.supplier.name}`}
                              onClick={() => {
                                setReasonError(null);
                                setRejecting(p);
                              }}
                            >
                              {T.reject}
                            </Button>
                          </Group>
                        ) : (
                          <Text size="xs" c="dimmed">
                            {p.decidedAt ? formatBrasiliaDateTime(p.decidedAt) : ""}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </ScrollTable>
            )}
          </Stack>
        )}
      </DirectPage>
      <AppModal opened={rejecting !== null} onClose={() => setRejecting(null)} title={T.rejectTitle}>
        <Stack gap="md">
          <Text size="sm">{rejecting?.supplier.name}</Text>
          <Textarea
            label={T.reasonLabel}
            withAsterisk
            data-autofocus
            value={reason}
            maxLength={DIRECT_PROPOSAL_REASON_MAX}
            autosize
            minRows={3}
            error={reasonError}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setReasonError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(null)}>
              {T.cancel}
            </Button>
            <Button
              color="red"
              loading={decide.isPending}
              onClick={() =>
                rejecting && decide.mutate({ proposal: rejecting, decision: "REJECTED", reason })
              }
            >
              {T.confirmReject}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
