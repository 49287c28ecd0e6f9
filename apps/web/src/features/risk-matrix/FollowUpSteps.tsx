import {
  formatBrasiliaDate,
  IMPACT_LABELS,
  PROBABILITY_LABELS,
  type RevisionHistoryRow,
  RISK_ALLOCATION_LABELS,
  RISK_PHASE_LABELS,
  type RiskPanel,
} from "@certame/domain";
import { Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { ScrollTable } from "../../ui/data-table/ScrollTable";
import { EMPTY_TABLE_TEXT } from "../../ui/texts";
import { WizardStepPage } from "../planning-wizard";
import type { SelectedRisk } from "./api";
import { LevelPill, RiskHeatMap } from "./RiskLevel";
import { RISK_TEXTS as T } from "./texts";

const decimal = (n: number | null) =>
  n === null ? "-" : n.toLocaleString("pt-BR", { maximumFractionDigits: 2 });

/** 'Histórico de Revisões' (§2.7): one row per level that has risks. */
export function RevisionHistoryStep({ rows }: { rows: RevisionHistoryRow[] }) {
  return (
    <WizardStepPage title={T.revisionHistory} tip={T.revisionHistoryTip}>
      <ScrollTable label={T.revisionHistory} minWidth={440} withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.history.date}</Table.Th>
            <Table.Th>{T.history.quantity}</Table.Th>
            <Table.Th>{T.history.mean}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={3}>{EMPTY_TABLE_TEXT}</Table.Td>
            </Table.Tr>
          ) : (
            rows.map((r) => (
              <Table.Tr key={r.level}>
                <Table.Td>{formatBrasiliaDate(r.updatedDate)}</Table.Td>
                <Table.Td>{r.quantity}</Table.Td>
                <Table.Td>
                  <LevelPill level={r.meanLevel} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </ScrollTable>
    </WizardStepPage>
  );
}

/** 'Painel' (§2.7): the heat map, the four figures and the selected risks. */
export function PanelStep({ panel, risks }: { panel: RiskPanel; risks: SelectedRisk[] }) {
  const figures = [
    { label: T.summary.quantity, value: String(panel.quantity) },
    { label: T.summary.sum, value: String(panel.sum) },
    { label: T.summary.median, value: decimal(panel.median) },
  ];
  return (
    <WizardStepPage title={T.panel} tip={T.panelTip}>
      <Stack gap="lg">
        <Title order={3} fz="md" c="certame.9">
          {T.riskMap}
        </Title>
        <RiskHeatMap panel={panel} />
        <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" aria-label="Resumo" spacing="sm" m={0}>
          {figures.map((f) => (
            <Paper key={f.label} withBorder p="sm" radius="md">
              <Text component="dt" size="xs" c="gray.7">
                {f.label}
              </Text>
              <Text component="dd" fw={700} fz="xl" m={0}>
                {f.value}
              </Text>
            </Paper>
          ))}
          <Paper withBorder p="sm" radius="md">
            <Text component="dt" size="xs" c="gray.7">
              {T.summary.processRisk}
            </Text>
            <Text component="dd" m={0} mt={4} data-testid="process-risk">
              {panel.processLevel ? (
                <Group gap={6} component="span">
                  <LevelPill level={panel.processLevel} />
                  <Text span size="xs" c="gray.7">
                    média {decimal(panel.mean)}
                  </Text>
                </Group>
              ) : (
                "-"
              )}
            </Text>
          </Paper>
        </SimpleGrid>
        <ScrollTable label={T.selectedRisks} minWidth={720} withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.columns.risk}</Table.Th>
              <Table.Th>{T.columns.phase}</Table.Th>
              <Table.Th>{T.columns.probability}</Table.Th>
              <Table.Th>{T.columns.impact}</Table.Th>
              <Table.Th>{T.columns.level}</Table.Th>
              <Table.Th>{T.columns.allocation}</Table.Th>
              <Table.Th>{T.responsibles}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {risks.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={7}>{EMPTY_TABLE_TEXT}</Table.Td>
              </Table.Tr>
            ) : (
              risks.map(({ id, risk, responsible }) => (
                <Table.Tr key={id}>
                  <Table.Td>{risk.description}</Table.Td>
                  <Table.Td>{RISK_PHASE_LABELS[risk.phase] ?? risk.phase}</Table.Td>
                  <Table.Td>{PROBABILITY_LABELS[risk.probability] ?? risk.probability}</Table.Td>
                  <Table.Td>{IMPACT_LABELS[risk.impact] ?? risk.impact}</Table.Td>
                  <Table.Td>
                    <LevelPill level={risk.level} />
                  </Table.Td>
                  <Table.Td>{RISK_ALLOCATION_LABELS[risk.allocation] ?? risk.allocation}</Table.Td>
                  <Table.Td>{responsible.map((p) => p.name).join(", ") || "-"}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </ScrollTable>
      </Stack>
    </WizardStepPage>
  );
}
