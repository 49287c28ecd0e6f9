import { type ClarificationKind, formatBrasiliaDate } from "@certame/domain";
import { Alert, Button, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { errorMessageOf } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { useClarifications } from "./api";
import { ClarificationItems } from "./ClarificationItems";
import { NoticeHeader } from "./NoticeHeader";
import { kindPath, CLARIFICATION_TEXTS as T } from "./texts";

function ViewPage({ kind }: { kind: ClarificationKind }) {
  const { id = "" } = useParams();
  const query = useClarifications(id, kind);
  const list = query.data;
  return (
    <>
      <PageTitle
        title={T.viewTitle[kind]}
        actions={
          list?.canRequest ? (
            <Button component={Link} to={kindPath(kind, false, id)}>
              {T.newRequest[kind]}
            </Button>
          ) : undefined
        }
      />
      {query.isPending ? (
        <Center py="xl">
          <Loader role="progressbar" aria-label={T.loading} />
        </Center>
      ) : query.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessageOf(query.error)}
        </Alert>
      ) : list ? (
        <Stack gap="md">
          <NoticeHeader notice={list.notice} />
          {list.requestDeadline && (
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {list.requestOpen
                  ? `${T.deadline}: até ${formatBrasiliaDate(list.requestDeadline)}`
                  : `${T.closed} ${formatBrasiliaDate(list.requestDeadline)}.`}
              </Text>
            </Group>
          )}
          <ClarificationItems items={list.items} kind={kind} canAnswer={list.canAnswer} noticeId={id} />
        </Stack>
      ) : null}
    </>
  );
}

/** /visualizar-esclarecimentos/:id: the answered ones for all, pending too for the requester and the body. */
export function ClarificationsViewPage() {
  return <ViewPage kind="CLARIFICATION" />;
}

/** /visualizar-impugnacoes/:id. */
export function ChallengesViewPage() {
  return <ViewPage kind="CHALLENGE" />;
}
