import { formatBRL, formatBrasiliaDateTime, isRoomModality, MODALITY_LABELS } from "@certame/domain";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import {
  IconAlertCircle,
  IconArrowLeft,
  IconDownload,
  IconFileTypePdf,
  IconGavel,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { ScrollTable } from "../../ui/data-table/ScrollTable";
import { errorMessageOf } from "../../ui/notify";
import { PageHero } from "../../ui/page/PageHero";
import { PublicClarifications } from "../clarifications/PublicClarifications";
import { CLARIFICATION_TEXTS } from "../clarifications/texts";
import { OpenDataLinks } from "../open-data/OpenDataLinks";
import { OPEN_DATA_TEXTS } from "../open-data/texts";
import { type NoticeDetail, usePublicNotice, usePublicSignatures } from "./detail-api";
import {
  currentPhase,
  formatFileSize,
  groupLots,
  type NoticeDocument,
  splitDocuments,
} from "./notice-detail-model";
import { StatusPill } from "./StatusPill";
import { NOTICE_DETAIL_TEXTS as T } from "./texts";

const dateTime = (iso: string | null) => (iso ? formatBrasiliaDateTime(iso) : "—");

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </div>
  );
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function DocumentList({ documents, label }: { documents: NoticeDocument[]; label: string }) {
  return (
    <Stack gap="xs" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: "none" }}>
      {documents.map((d) => (
        <Group component="li" key={d.id} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <IconFileTypePdf size={22} aria-hidden />
            <Stack gap={0} miw={0}>
              <Text fw={500} truncate="end">
                {d.label || d.name}
              </Text>
              <Text size="sm" c="dimmed" truncate="end">
                {[d.description, d.name, formatFileSize(d.size)].filter(Boolean).join(" · ")}
              </Text>
            </Stack>
          </Group>
          <Button
            component="a"
            href={d.url}
            download={d.name}
            variant="light"
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
            aria-label={T.download(d.label || d.name)}
          >
            Baixar
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

function Lots({ notice }: { notice: NoticeDetail }) {
  const lots = groupLots(notice.batches);
  if (lots.length === 0) return <Text c="dimmed">{T.lotsEmpty}</Text>;
  return (
    <Stack gap="md">
      {lots.map((lot) => (
        <Stack key={lot.number} gap={6}>
          <Group gap="xs">
            <Title order={3} fz="md">
              {T.lot(lot.number)}
            </Title>
            <Badge variant="light" color="gray" c="gray.9" tt="none">
              {lot.phaseLabel}
            </Badge>
          </Group>
          <ScrollTable label={T.lot(lot.number)} minWidth={520} verticalSpacing="xs" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th>Descrição</Table.Th>
                <Table.Th ta="right">Quantidade</Table.Th>
                <Table.Th>Unidade</Table.Th>
                <Table.Th ta="right">Valor de referência</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lot.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{item.item}</Table.Td>
                  <Table.Td>{item.product?.name ?? "—"}</Table.Td>
                  <Table.Td ta="right">{item.quantity.toLocaleString("pt-BR")}</Table.Td>
                  <Table.Td>{item.measurementUnit?.code ?? "—"}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                    {item.referencePrice == null
                      ? T.secretPrice
                      : formatBRL(item.referencePrice, item.decimalsNumber)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The process's signed documents (issue 35 item 5): each with who signed, when and how (a signature of
 * an earlier version marked), and its public file — the edital signed with its manifest, or a plan
 * document's manifest. Nothing while none is signed (or the list cannot be read).
 */
function SignedDocuments({ noticeId }: { noticeId: string }) {
  const { data } = usePublicSignatures(noticeId);
  const documents = data?.documents ?? [];
  if (documents.length === 0) return null;
  return (
    <Stack gap="xs" mt="md">
      <Title order={3} fz="md" id="detalhe-assinados">
        {T.signed}
      </Title>
      <Stack
        gap="sm"
        component="ul"
        aria-labelledby="detalhe-assinados"
        p={0}
        m={0}
        style={{ listStyle: "none" }}
      >
        {documents.map((d) => (
          <Stack component="li" key={d.kind} gap={4}>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text fw={500}>{d.title}</Text>
              <Button
                component="a"
                href={d.url}
                download
                variant="light"
                size="xs"
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                {d.withDocument ? T.downloadSigned(d.title) : T.downloadManifest(d.title)}
              </Button>
            </Group>
            {d.signatures.map((s) => (
              <Text size="sm" key={`${s.signerName}-${s.signedAt}`}>
                {T.signedBy(s.signerName, s.signerRole, dateTime(s.signedAt), s.methodLabel, s.stale)}
              </Text>
            ))}
          </Stack>
        ))}
      </Stack>
      <Text size="xs" c="dimmed">
        {T.manifestNote}
      </Text>
    </Stack>
  );
}

function Detail({ notice }: { notice: NoticeDetail }) {
  const lots = groupLots(notice.batches);
  const phase = currentPhase(lots);
  const { files, minutes } = splitDocuments(notice.documents);
  const cityState = [notice.buyer.city, notice.buyer.state].filter(Boolean).join("/");
  const hasRoom = isRoomModality(notice.modality);
  return (
    <Stack gap="lg">
      <Section title={T.object} id="detalhe-objeto">
        <Text>{notice.objectOfInterest}</Text>
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title={T.data} id="detalhe-dados">
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0}>
            <Field label={T.buyer}>{notice.buyer.corporateName}</Field>
            <Field label={T.cityState}>{cityState || "—"}</Field>
            <Field label={T.noticeNumber}>{notice.noticeNumber}</Field>
            <Field label={T.processNumber}>{notice.processNumber}</Field>
            <Field label={T.modality}>{MODALITY_LABELS[notice.modality] ?? notice.modality}</Field>
            <Field label={T.status}>
              <StatusPill status={notice.status} />
            </Field>
            <Field label={T.phase}>{phase ?? "—"}</Field>
            {notice.pncpControlNumber && (
              <Field label={T.pncpControlNumber}>{notice.pncpControlNumber}</Field>
            )}
            {notice.secretariesNames && <Field label={T.secretaries}>{notice.secretariesNames}</Field>}
          </SimpleGrid>
        </Section>
        <Section title={T.dates} id="detalhe-datas">
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0}>
            <Field label={T.published}>{dateTime(notice.publishedDate)}</Field>
            <Field label={T.proposalsStart}>{dateTime(notice.proposalsStartDateTime)}</Field>
            <Field label={T.proposalsEnd}>{dateTime(notice.proposalsEndDateTime)}</Field>
            <Field label={T.session}>{dateTime(notice.startDateTime)}</Field>
            {notice.clarificationEndDateTime && (
              <Field label={T.clarificationEnd}>{dateTime(notice.clarificationEndDateTime)}</Field>
            )}
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="sm">
            {T.timesNote}
          </Text>
        </Section>
      </SimpleGrid>
      {hasRoom && (
        <Section title={T.room} id="detalhe-sala">
          <Button
            component={Link}
            to={`/sala-de-negociacao/${notice.id}`}
            leftSection={<IconGavel size={18} aria-hidden />}
          >
            {T.roomLink}
          </Button>
        </Section>
      )}
      <Section title={T.lots} id="detalhe-lotes">
        <Lots notice={notice} />
      </Section>
      <Section title={T.documents} id="detalhe-documentos">
        {files.length === 0 ? (
          <Text c="dimmed">{T.documentsEmpty}</Text>
        ) : (
          <DocumentList documents={files} label={T.documents} />
        )}
        <SignedDocuments noticeId={notice.id} />
      </Section>
      <Section title={CLARIFICATION_TEXTS.publicSection} id="detalhe-esclarecimentos">
        <PublicClarifications noticeId={notice.id} />
      </Section>
      <Section title={OPEN_DATA_TEXTS.title} id="detalhe-dados-abertos">
        <OpenDataLinks noticeId={notice.id} />
      </Section>
      {(hasRoom || minutes.length > 0) && (
        <Section title={T.minutes} id="detalhe-ata">
          {minutes.length === 0 ? (
            <Text c="dimmed">{T.minutesPending}</Text>
          ) : (
            <DocumentList documents={minutes} label={T.minutes} />
          )}
        </Section>
      )}
    </Stack>
  );
}

/** /detalhes-do-edital/:id — a published notice as the public sees it. */
export function NoticeDetailPage() {
  const { id = "" } = useParams();
  const query = usePublicNotice(id);
  const notice = query.data;
  return (
    <>
      <PageHero
        title={notice ? `Edital ${notice.noticeNumber}` : "Detalhes do edital"}
        lead={notice ? notice.buyer.corporateName : undefined}
      />
      <Container size="xl" py="xl">
        <Stack gap="lg">
          <Anchor component={Link} to="/editais" underline="always" w="fit-content">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={16} aria-hidden />
              {T.back}
            </Group>
          </Anchor>
          {query.isPending ? (
            <Center py="xl">
              <Loader role="progressbar" aria-label={T.loading} />
            </Center>
          ) : query.isError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title="Erro" role="alert">
              {errorMessageOf(query.error) || T.notFound}
            </Alert>
          ) : notice ? (
            <Detail notice={notice} />
          ) : null}
        </Stack>
      </Container>
    </>
  );
}
