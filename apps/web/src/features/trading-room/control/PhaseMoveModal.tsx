import { DEFAULT_NEXT_BATCHES_COUNT, type LotPhase, NEXT_BATCHES_COUNTS } from "@certame/domain";
import { Button, Group, Radio, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { CountedTextarea } from "../../../ui/counted-textarea/CountedTextarea";
import { AppModal } from "../../../ui/modal/AppModal";
import { AppealTermsFields } from "../appeals/AppealTermsFields";
import { type AppealMoveFields, EMPTY_APPEAL_MOVE_FIELDS } from "../appeals/appeal-model";
import { useRoomAction } from "../modal/useRoomAction";
import type { RoomLot, RoomNotice } from "../types";
import {
  canConfirmMove,
  type MoveInput,
  type MoveScope,
  movePhaseLabel,
  moveScopes,
  RESET_JUSTIFICATION_MAX_LENGTH,
  SCOPE_LABELS,
} from "./phase-moves";

export interface PhaseMoveModalProps {
  kind: "NEXT" | "PREVIOUS";
  notice: RoomNotice;
  lot: RoomLot;
  /** The phases the lot-phases call allows (nextPhase[] or previousPhase[]). */
  phases: LotPhase[];
  onClose: () => void;
  /** May wait for the server's answer: the button shows it is busy meanwhile (no double send). */
  onConfirm: (input: MoveInput) => void | Promise<void>;
}

/** The next-phase and regress modals (§2.6): scope, phase, lot count, reset justification. */
export function PhaseMoveModal({ kind, notice, lot, phases, onClose, onConfirm }: PhaseMoveModalProps) {
  const scopes = moveScopes(kind, notice, lot);
  const [scope, setScope] = useState<MoveScope>(scopes[0] as MoveScope);
  const [phase, setPhase] = useState<LotPhase | null>(phases.length === 1 ? (phases[0] as LotPhase) : null);
  const [count, setCount] = useState<number>(DEFAULT_NEXT_BATCHES_COUNT);
  const [justification, setJustification] = useState("");
  const [appeal, setAppeal] = useState<AppealMoveFields>(EMPTY_APPEAL_MOVE_FIELDS);
  const action = useRoomAction();
  // The notice's minimum intention window (REGISTERED carries the notice's fields).
  const interestMinimum = (notice as { disputeInterestManifestationMinimumDuration?: number | null })
    .disputeInterestManifestationMinimumDuration;
  const withAppeal = kind === "NEXT" ? { appeal } : {};
  const input: Partial<MoveInput> = { scope, phase: phase ?? undefined, count, justification, ...withAppeal };
  const title = kind === "NEXT" ? "Avançar para próxima fase" : "Voltar para fase anterior";

  return (
    <AppModal opened onClose={onClose} title={title} size="md">
      <Stack gap="md">
        <Text size="sm">Lote {lot.number}</Text>
        <Radio.Group label="Aplicar ação" value={scope} onChange={(v) => setScope(v as MoveScope)} required>
          <Stack gap={6} mt={4}>
            {scopes.map((s) => (
              <Radio key={s} value={s} label={SCOPE_LABELS[s]} />
            ))}
          </Stack>
        </Radio.Group>
        {scope === "NEXT_BATCHES" && (
          <Select
            label="Quantidade de lotes"
            data={NEXT_BATCHES_COUNTS.map((n) => ({ value: String(n), label: String(n) }))}
            value={String(count)}
            onChange={(v) => setCount(Number(v ?? DEFAULT_NEXT_BATCHES_COUNT))}
            allowDeselect={false}
          />
        )}
        <Select
          label={kind === "NEXT" ? "Próxima fase" : "Fase anterior"}
          placeholder="Selecione"
          data={phases.map((p) => ({ value: p, label: movePhaseLabel(lot.phase, p) }))}
          value={phase}
          onChange={(v) => setPhase((v as LotPhase | null) ?? null)}
          required
          allowDeselect={false}
          nothingFoundMessage="Nenhuma opção disponível"
        />
        {kind === "NEXT" && (
          <AppealTermsFields
            nextPhase={phase}
            value={appeal}
            onChange={setAppeal}
            noticeMinimum={interestMinimum}
          />
        )}
        {kind === "PREVIOUS" && phase === "BIDDING" && (
          <CountedTextarea
            label="Justificativa"
            required
            value={justification}
            onChange={setJustification}
            maxLength={RESET_JUSTIFICATION_MAX_LENGTH}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            disabled={!canConfirmMove(kind, input, interestMinimum)}
            loading={action.busy}
            onClick={() => {
              if (!phase) return;
              void action.run(async () => {
                await onConfirm({ scope, phase, count, justification, ...withAppeal });
              });
            }}
          >
            Confirmar
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
