import {
  formatBrasiliaDateTime,
  formatCep,
  formatCnpj,
  formatCpf,
  REGISTRATION_STATUS_LABELS,
  STAFF_ROLE_LABELS,
  type SupplierRegistrationStatus,
} from "@certame/domain";
import { Anchor, Badge, Group, List, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { AnalysisDetail, MembershipSignature, RegistrationAddress, RegistrationDocument } from "./api";

const dash = "—";
const formatDocument = (digits: string | null | undefined) =>
  !digits ? dash : digits.length === 11 ? formatCpf(digits) : formatCnpj(digits);

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {children || dash}
      </Text>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md" c="certame.9">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function addressText(a: RegistrationAddress) {
  const street = [a.street, a.number].filter(Boolean).join(", ");
  const place = [a.district, a.city && a.state ? `${a.city}/${a.state}` : a.city].filter(Boolean).join(", ");
  const parts = [street, a.complement, place, a.postalCode ? `CEP ${formatCep(a.postalCode)}` : null];
  return parts.filter(Boolean).join(" — ");
}

function Documents({ documents }: { documents: RegistrationDocument[] }) {
  if (documents.length === 0) return <Text size="sm">Nenhum documento anexado.</Text>;
  return (
    <List spacing="xs" listStyleType="none" p={0}>
      {documents.map((d) => (
        <List.Item key={d.id}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconDownload size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor href={d.url} download aria-label={`Baixar ${d.name}`} size="sm">
                {d.name}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {d.kind === "MEMBERSHIP_TERMS" ? "Termo de adesão" : "Documento"} · SHA-256 {d.sha256}
              </Text>
            </Stack>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

function Signature({ signature }: { signature: MembershipSignature | null }) {
  if (!signature) return <Text size="sm">Assinatura do termo não solicitada.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
      <Field label="Situação">
        {signature.status === "SIGNED" ? "Termo assinado e anexado" : "Assinatura solicitada"}
      </Field>
      <Field label="Assinatura digital no PDF">
        {signature.hasDigitalSignature === null ? dash : signature.hasDigitalSignature ? "Sim" : "Não"}
      </Field>
      <Field label="Assinado em">
        {signature.signedAt ? formatBrasiliaDateTime(signature.signedAt) : dash}
      </Field>
      <Field label="SHA-256 do termo assinado">{signature.signedSha256 ?? dash}</Field>
    </SimpleGrid>
  );
}

/** The registration under analysis: the data the user sent, its documents and earlier analyses. */
export function AnalysisDetailView({ analysis }: { analysis: AnalysisDetail }) {
  const { buyer, supplier } = analysis;
  return (
    <Stack gap="lg">
      <Group gap="xs">
        <Badge variant="light">{buyer ? "Órgão" : "Fornecedor"}</Badge>
        {analysis.overdue && <Badge color="red.9">Atrasado</Badge>}
        {analysis.previousRejections > 0 && (
          <Badge color="orange" variant="light" c="gray.9">
            {analysis.previousRejections === 1
              ? "1 reprovação anterior"
              : `${analysis.previousRejections} reprovações anteriores`}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <Field label="Concluído em">{formatBrasiliaDateTime(analysis.submittedAt)}</Field>
        <Field label="Prazo da análise">{formatBrasiliaDateTime(analysis.dueAt)}</Field>
        <Field label="Enviado por">
          {analysis.submittedBy ? `${analysis.submittedBy.name} (${analysis.submittedBy.email})` : dash}
        </Field>
      </SimpleGrid>

      {buyer && (
        <>
          <Section title="Órgão">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Field label="Razão social">{buyer.corporateName}</Field>
              <Field label="CNPJ">{formatCnpj(buyer.cnpj)}</Field>
              <Field label="Endereço">{addressText(buyer.address)}</Field>
              <Field label="Telefone">{buyer.phoneNumber}</Field>
              <Field label="Site">{buyer.website}</Field>
              <Field label="Conta do órgão">
                {buyer.account ? `${buyer.account.name ?? ""} (${buyer.account.email})` : dash}
              </Field>
              <Field label="Situação do cadastro">
                {REGISTRATION_STATUS_LABELS[buyer.registrationStatus as SupplierRegistrationStatus]}
              </Field>
            </SimpleGrid>
          </Section>
          <Section title="Autoridade competente">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Field label="Nome">{buyer.competentAuthority.name}</Field>
              <Field label="E-mail">{buyer.competentAuthority.email}</Field>
              <Field label="CPF">{formatDocument(buyer.competentAuthority.cpf)}</Field>
              <Field label="CNPJ">{formatDocument(buyer.competentAuthority.cnpj)}</Field>
            </SimpleGrid>
          </Section>
          <Section title="Secretarias">
            {buyer.secretaryOffices.length === 0 ? (
              <Text size="sm">Nenhuma secretaria cadastrada.</Text>
            ) : (
              <List size="sm" spacing={4}>
                {buyer.secretaryOffices.map((o) => (
                  <List.Item key={o.id}>
                    {o.name}
                    {o.cnpj ? ` — CNPJ ${formatCnpj(o.cnpj)}` : ""}
                  </List.Item>
                ))}
              </List>
            )}
          </Section>
          <Section title="Usuários e perfis">
            <Table.ScrollContainer minWidth={480}>
              <Table striped withTableBorder fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Nome</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th>Perfis</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {buyer.staff.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>{s.name}</Table.Td>
                      <Table.Td style={{ overflowWrap: "anywhere" }}>{s.email}</Table.Td>
                      <Table.Td>
                        {s.roles.length ? s.roles.map((r) => STAFF_ROLE_LABELS[r] ?? r).join(", ") : dash}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Section>
          <Section title="Documentos">
            <Documents documents={buyer.documents} />
          </Section>
          <Section title="Assinatura do termo de adesão">
            <Signature signature={buyer.membershipSignature} />
          </Section>
        </>
      )}

      {supplier && (
        <>
          <Section
            title={supplier.credentialKind === "INDIVIDUAL" ? "Fornecedor (pessoa física)" : "Empresa"}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Field label={supplier.credentialKind === "INDIVIDUAL" ? "Nome" : "Razão social"}>
                {supplier.corporateName ?? supplier.name}
              </Field>
              <Field label={supplier.credentialKind === "INDIVIDUAL" ? "CPF" : "CNPJ"}>
                {formatDocument(supplier.documentNumber)}
              </Field>
              <Field label="Nome fantasia">{supplier.tradeName}</Field>
              <Field label="Porte">
                {supplier.isSmallBusiness
                  ? "Microempresa ou empresa de pequeno porte (ME/EPP)"
                  : "Demais empresas"}
              </Field>
              <Field label="Endereço">{addressText(supplier.address)}</Field>
              <Field label="E-mail">{supplier.email}</Field>
              <Field label="Telefone">{supplier.phoneNumber ?? supplier.cellphoneNumber}</Field>
              <Field label="Conta">
                {supplier.account ? `${supplier.account.name ?? ""} (${supplier.account.email})` : dash}
              </Field>
            </SimpleGrid>
          </Section>
          <Section title="Representante legal">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Field label="Nome">{supplier.representative?.name}</Field>
              <Field label="CPF">{formatDocument(supplier.representative?.cpf)}</Field>
            </SimpleGrid>
          </Section>
          <Section title="Declarações">
            <List size="sm" spacing="xs">
              {supplier.declarations.map((d) => (
                <List.Item key={d.id}>
                  <Text size="sm">{d.text}</Text>
                  <Text size="xs" c={d.acceptedAt ? "dimmed" : "red.8"}>
                    {d.acceptedAt ? `Aceita em ${formatBrasiliaDateTime(d.acceptedAt)}` : "Não aceita"}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Section>
          <Section title="Termo de adesão">
            <Documents documents={supplier.documents} />
            <Signature signature={supplier.membershipSignature} />
          </Section>
        </>
      )}

      <Section title="Análises anteriores">
        {analysis.history.length === 0 ? (
          <Text size="sm">Nenhuma análise anterior.</Text>
        ) : (
          <List size="sm" spacing="xs">
            {analysis.history.map((h) => (
              <List.Item key={h.id}>
                <Text size="sm">
                  {h.decision === "APPROVED"
                    ? "Aprovado"
                    : h.decision === "REJECTED"
                      ? "Reprovado"
                      : "Em análise"}
                  {h.decidedAt ? ` em ${formatBrasiliaDateTime(h.decidedAt)}` : ""}
                  {h.decidedBy ? ` por ${h.decidedBy.name}` : ""}
                </Text>
                {h.reason && (
                  <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-wrap" }}>
                    Motivo: {h.reason}
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        )}
      </Section>
    </Stack>
  );
}
