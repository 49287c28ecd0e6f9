import { formatBrasiliaDateTime } from "@certame/domain";
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { IconDownload, IconRefresh } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { API_BASE, apiGet, serverMessageOr } from "../../api/client";
import { PageTitle } from "../../ui/page/PageTitle";

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  date: string;
  text: string;
}

const LINK = /https?:\/\/[^\s<>"]+/g;

/** A text cut into plain runs and links, each keyed by where it starts in the text. */
export function linkSegments(text: string): { at: number; text: string; link: boolean }[] {
  const out: { at: number; text: string; link: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const at = match.index ?? 0;
    if (at > last) out.push({ at: last, text: text.slice(last, at), link: false });
    out.push({ at, text: match[0], link: true });
    last = at + match[0].length;
  }
  if (last < text.length) out.push({ at: last, text: text.slice(last), link: false });
  return out;
}

/** The text part with its links clickable (sign-up, reset and invitation links lead back here). */
function MessageText({ text }: { text: string }) {
  return (
    <Text size="sm" mt="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
      {linkSegments(text).map((s) =>
        s.link ? (
          <Anchor key={s.at} href={s.text}>
            {s.text}
          </Anchor>
        ) : (
          <Fragment key={s.at}>{s.text}</Fragment>
        ),
      )}
    </Text>
  );
}

/**
 * The local outbox (issue 13, item 5): without SMTP_URL and outside production the platform keeps
 * its e-mails under DATA_DIR/outbox; platform staff read them here (GET /api/dev/outbox), newest
 * first, and follow their links — how a developer confirms a sign-up on `npm start`.
 */
export function DevOutboxPage() {
  const [open, setOpen] = useState<string | null>(null);
  const outbox = useQuery({
    queryKey: ["dev", "outbox"],
    queryFn: () => apiGet<OutboxMessage[]>("dev/outbox"),
  });
  return (
    <Stack gap="md">
      <PageTitle
        title="Caixa de saída (desenvolvimento)"
        description="Sem SMTP_URL, os e-mails da plataforma ficam nesta caixa de saída local em vez de serem enviados."
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => outbox.refetch()}
            loading={outbox.isFetching}
          >
            Atualizar
          </Button>
        }
      />
      {outbox.isPending && <Loader role="progressbar" aria-label="Carregando e-mails" />}
      {outbox.isError && (
        <Alert color="red" title="Erro">
          {serverMessageOr(outbox.error)}
        </Alert>
      )}
      {outbox.data?.length === 0 && <Text c="dimmed">Nenhum resultado encontrado</Text>}
      <Stack gap="sm" aria-live="polite">
        {outbox.data?.map((m) => (
          <Paper key={m.id} withBorder p="md" radius="md">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Title order={2} fz="md" style={{ overflowWrap: "anywhere" }}>
                  {m.subject}
                </Title>
                <Text size="sm" c="dimmed">
                  Para {m.to} · {formatBrasiliaDateTime(m.date)}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button
                  variant="light"
                  size="xs"
                  aria-expanded={open === m.id}
                  aria-controls={`mensagem-${m.id}`}
                  onClick={() => setOpen(open === m.id ? null : m.id)}
                >
                  {open === m.id ? "Fechar" : "Ler"}
                </Button>
                <Button
                  component="a"
                  href={`${API_BASE}/dev/outbox/${m.id}`}
                  download={`${m.id}.eml`}
                  variant="subtle"
                  size="xs"
                  leftSection={<IconDownload size={14} aria-hidden />}
                >
                  .eml
                </Button>
              </Group>
            </Group>
            {open === m.id && (
              <div id={`mensagem-${m.id}`}>
                <MessageText text={m.text} />
              </div>
            )}
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
