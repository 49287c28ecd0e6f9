import { INITIAL_BIDS_TEXTS } from "@certame/domain";
import { Anchor, Paper, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { TUTORIAL_PATH } from "./texts";

const T = INITIAL_BIDS_TEXTS;

/** 'Observações relevantes' of the modality (trading-room §2.8) and the tutorial link. */
export function InitialBidsNotes({ notes }: { notes: readonly string[] }) {
  return (
    <Paper withBorder p="md">
      <Text fw={700} mb="xs">
        {T.relevantNotes}
      </Text>
      <Stack gap={4}>
        {notes.map((note) => (
          <Text key={note} size="sm">
            {`• ${note}`}
          </Text>
        ))}
        <Anchor component={Link} to={TUTORIAL_PATH} size="sm">
          Assista ao vídeo tutorial
        </Anchor>
      </Stack>
    </Paper>
  );
}
