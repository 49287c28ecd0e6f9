import {
  IMPACT_LABELS,
  PROBABILITY_LABELS,
  RISK_LEVEL_LABELS,
  RISK_LEVELS,
  type RiskLevel,
  type RiskPanel,
} from "@certame/domain";
import { Box, Group, Table, Text, VisuallyHidden } from "@mantine/core";
import { Pill } from "../../ui/pill/Pill";
import { LEVEL_RANGES, RISK_TEXTS as T } from "./texts";

// The levels' colours: light tints under near-black text (≥ 7:1), and the level always written out, so
// the map never speaks by colour alone (WCAG 1.4.1, 1.4.3).
export const LEVEL_BACKGROUND: Record<RiskLevel, string> = {
  RISK_LOW: "#d3f0d8",
  RISK_MODERATE: "#fff1b8",
  RISK_HIGH: "#ffd3a8",
  RISK_CRITICAL: "#f7b9b9",
};
const LEVEL_PILL: Record<RiskLevel, string> = {
  RISK_LOW: "green",
  RISK_MODERATE: "yellow",
  RISK_HIGH: "orange",
  RISK_CRITICAL: "red",
};
const INK = "#1a1b1e";

/** 'Nível' as a pill (§2.7 hiring-risk table). */
export function LevelPill({ level }: { level: RiskLevel }) {
  return <Pill label={RISK_LEVEL_LABELS[level] ?? level} color={LEVEL_PILL[level] ?? "gray"} />;
}

/**
 * 'Mapa de Riscos' (§2.7): a real table — probability rows from very high down, impact columns from
 * insignificant up — whose cells hold the count of risks and their level, in words and colour.
 */
export function RiskHeatMap({ panel }: { panel: RiskPanel }) {
  return (
    <Box pos="relative" style={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label={T.riskMap}>
      <Table withTableBorder withColumnBorders miw={560} aria-label={T.riskMap} layout="fixed">
        <caption style={{ captionSide: "top", textAlign: "left", paddingBottom: 6 }}>
          <Text size="sm" c="gray.8">
            {T.riskMapCaption}
          </Text>
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={110}>
              {T.probabilityAxis} \ {T.impactAxis}
            </Table.Th>
            {panel.heatMap[0]?.cells.map((cell) => (
              <Table.Th key={cell.impact} scope="col" ta="center">
                {IMPACT_LABELS[cell.impact]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {panel.heatMap.map((row) => (
            <Table.Tr key={row.probability}>
              <Table.Th scope="row">{PROBABILITY_LABELS[row.probability]}</Table.Th>
              {row.cells.map((cell) => (
                <Table.Td
                  key={cell.impact}
                  ta="center"
                  data-level={cell.level}
                  data-count={cell.count}
                  style={{ background: LEVEL_BACKGROUND[cell.level], color: INK }}
                >
                  <span aria-hidden="true">
                    <Text span fw={700} fz="lg" display="block" c={INK}>
                      {cell.count}
                    </Text>
                    <Text span fz="xs" display="block" c={INK}>
                      {RISK_LEVEL_LABELS[cell.level]}
                    </Text>
                  </span>
                  <VisuallyHidden>{T.cellLabel(cell.count, RISK_LEVEL_LABELS[cell.level])}</VisuallyHidden>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group gap="md" mt="xs" role="list" aria-label={T.legend}>
        {RISK_LEVELS.map((level) => (
          <Group key={level} gap={6} role="listitem">
            <Box
              w={14}
              h={14}
              style={{ background: LEVEL_BACKGROUND[level], border: "1px solid #555" }}
              aria-hidden="true"
            />
            <Text size="sm" c="gray.9">
              {RISK_LEVEL_LABELS[level]} ({LEVEL_RANGES[level]})
            </Text>
          </Group>
        ))}
      </Group>
    </Box>
  );
}
