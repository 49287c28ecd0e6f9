import { ocdsRecordPath, ocdsReleasesPath } from "@certame/domain";
import { Anchor, Stack, Text } from "@mantine/core";
import { OPEN_DATA_TEXTS as T } from "./texts";

/** A published notice's OCDS record and releases (GET /api/public/ocds/…), for anyone. */
export function OpenDataLinks({ noticeId }: { noticeId: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm">{T.text}</Text>
      <Anchor href={ocdsRecordPath(noticeId)} underline="always" w="fit-content">
        {T.record}
      </Anchor>
      <Anchor href={ocdsReleasesPath(noticeId)} underline="always" w="fit-content">
        {T.releases}
      </Anchor>
    </Stack>
  );
}
