import {
  MODALITIES_BY_GROUP,
  MODALITY_GROUP_LABELS,
  MODALITY_GROUPS,
  MODALITY_LABELS,
  type Modality,
  SUB_MODALITIES_BY_MODALITY,
  SUB_MODALITY_LABELS,
  type SubModality,
} from "@certame/domain";
import { Button, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useState } from "react";

export interface ModalityChoice {
  modality: Modality;
  subModality: SubModality;
}

/** §2.4: the modality in its four groups, then the sub-modality radio and 'Avançar'. */
export function ModalityChooser({ onAdvance }: { onAdvance: (choice: ModalityChoice) => void }) {
  const [modality, setModality] = useState<Modality | null>(null);
  const [subModality, setSubModality] = useState<SubModality | null>(null);
  const subs = modality ? SUB_MODALITIES_BY_MODALITY[modality] : [];

  const pick = (value: string) => {
    const next = value as Modality;
    setModality(next);
    const options = SUB_MODALITIES_BY_MODALITY[next];
    setSubModality(options.length === 1 ? (options[0] as SubModality) : null);
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="lg">
        <Radio.Group value={modality} onChange={pick} label="Modalidade" labelProps={{ fz: "md", fw: 600 }}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="sm">
            {MODALITY_GROUPS.map((group) => (
              <Paper key={group} withBorder radius="md" p="md" bg="gray.0">
                <Title order={3} fz="sm" fw={700} c="certame.8" mb="sm">
                  {MODALITY_GROUP_LABELS[group]}
                </Title>
                <Stack gap={8}>
                  {MODALITIES_BY_GROUP[group].map((m) => (
                    <Radio key={m} value={m} label={MODALITY_LABELS[m]} />
                  ))}
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        </Radio.Group>
        {modality && (
          <Radio.Group
            value={subModality}
            onChange={(v) => setSubModality(v as SubModality)}
            label="Submodalidade"
            labelProps={{ fz: "md", fw: 600 }}
          >
            <Group gap="lg" mt="xs">
              {subs.map((s) => (
                <Radio key={s} value={s} label={SUB_MODALITY_LABELS[s]} />
              ))}
            </Group>
          </Radio.Group>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {modality ? MODALITY_LABELS[modality] : "Escolha a modalidade do processo."}
          </Text>
          <Button
            rightSection={<IconArrowRight size={16} />}
            disabled={!modality || !subModality}
            onClick={() => modality && subModality && onAdvance({ modality, subModality })}
          >
            Avançar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
