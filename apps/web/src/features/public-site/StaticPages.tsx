import {
  Alert,
  Anchor,
  Container,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconBuildingCommunity,
  IconClockHour4,
  IconEye,
  IconFileText,
  IconGavel,
  IconInfoCircle,
  IconLock,
  IconScale,
  IconUsersGroup,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageHero } from "../../ui/page/PageHero";
import { LEGISLATION_GROUPS } from "./legislation";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={2} fz="xl" c="certame.9">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Feature({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <ThemeIcon size={40} radius="md" variant="light" mb="sm">
        {icon}
      </ThemeIcon>
      <Text fw={650} mb={4}>
        {title}
      </Text>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Paper>
  );
}

export function AboutUsPage() {
  return (
    <>
      <PageHero
        title="Quem somos"
        lead="O Certame é uma plataforma eletrônica de compras públicas que aproxima órgãos e entidades da administração pública dos fornecedores de todo o país."
      />
      <Container size="xl" py="xl">
        <Stack gap="xl" maw={900}>
          <Section title="Nosso propósito">
            <Text>
              Contratar bem é parte essencial de um serviço público de qualidade. O Certame existe para que
              prefeituras, câmaras, autarquias, consórcios e demais órgãos conduzam suas contratações de forma
              eletrônica, transparente e segura, seguindo a Lei nº 14.133/2021 e a legislação que a
              regulamenta.
            </Text>
            <Text>
              Para os fornecedores, a plataforma oferece um único lugar para encontrar oportunidades, manter a
              documentação de habilitação em dia e participar das sessões públicas a partir de qualquer lugar.
            </Text>
          </Section>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Feature icon={<IconEye size={22} />} title="Transparência">
              Editais, sessões e resultados ficam disponíveis para consulta pública por qualquer cidadão.
            </Feature>
            <Feature icon={<IconScale size={22} />} title="Conformidade legal">
              Os fluxos seguem as modalidades, prazos e critérios de julgamento previstos na legislação.
            </Feature>
            <Feature icon={<IconLock size={22} />} title="Segurança">
              Cada ação relevante de uma sessão é registrada com data, hora e autor, em horário de Brasília.
            </Feature>
          </SimpleGrid>
          <Section title="Para quem é a plataforma">
            <List spacing="xs">
              <List.Item>
                <b>Órgãos compradores</b>: publicam processos, conduzem a sessão pública e registram os
                resultados.
              </List.Item>
              <List.Item>
                <b>Fornecedores</b>: empresas e pessoas físicas que participam dos processos e enviam
                propostas e lances.
              </List.Item>
              <List.Item>
                <b>Cidadãos</b>: acompanham os processos publicados, pedem esclarecimentos e assistem à sala
                de negociação.
              </List.Item>
            </List>
          </Section>
        </Stack>
      </Container>
    </>
  );
}

export function AboutPlatformPage() {
  return (
    <>
      <PageHero
        title="Sobre a plataforma"
        lead="Do planejamento da contratação à publicação do resultado, todas as etapas do processo em um só ambiente."
      />
      <Container size="xl" py="xl">
        <Stack gap="xl">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <Feature icon={<IconGavel size={22} />} title="Modalidades eletrônicas">
              Pregão eletrônico, concorrência eletrônica, dispensa eletrônica e leilão, além de
              credenciamento, pré-qualificação e formalização de contratações diretas.
            </Feature>
            <Feature icon={<IconUsersGroup size={22} />} title="Sala de negociação">
              Disputa de lances em tempo real, com os modos aberto, aberto e fechado e fechado e aberto, chat
              com o agente de contratação e registro completo da sessão.
            </Feature>
            <Feature icon={<IconFileText size={22} />} title="Documentos de habilitação">
              O fornecedor mantém uma biblioteca de documentos e os reaproveita nos processos de que
              participa.
            </Feature>
            <Feature icon={<IconBuildingCommunity size={22} />} title="Integração com o PNCP">
              Os processos podem ser divulgados também no Portal Nacional de Contratações Públicas.
            </Feature>
            <Feature icon={<IconScale size={22} />} title="Tratamento diferenciado a ME/EPP">
              Empate ficto, lotes exclusivos e cota reservada para microempresas e empresas de pequeno porte,
              nos termos da Lei Complementar nº 123/2006.
            </Feature>
            <Feature icon={<IconClockHour4 size={22} />} title="Horário de Brasília">
              Todos os prazos são controlados pelo servidor e exibidos no horário oficial de Brasília.
            </Feature>
          </SimpleGrid>
          <Section title="Como começar">
            <List type="ordered" spacing="xs">
              <List.Item>
                Consulte os <Link to="/editais">editais publicados</Link>, sem necessidade de cadastro.
              </List.Item>
              <List.Item>
                <Link to="/cadastro">Faça seu cadastro</Link> como órgão comprador, fornecedor ou cidadão.
              </List.Item>
              <List.Item>
                Cadastros de órgãos compradores passam por análise da equipe da plataforma antes da liberação.
              </List.Item>
              <List.Item>
                Com o acesso liberado, <Link to="/login">entre</Link> com seu e-mail ou CPF/CNPJ e senha.
              </List.Item>
            </List>
            <Text size="sm" c="dimmed">
              As funcionalidades são liberadas de forma gradual; o menu de cada perfil indica o que já está
              disponível.
            </Text>
          </Section>
        </Stack>
      </Container>
    </>
  );
}

export function LegislationPage() {
  return (
    <>
      <PageHero
        title="Legislação e regulamentos"
        lead="Normas que fundamentam os processos conduzidos na plataforma, o regulamento de uso e os contratos de adesão."
      />
      <Container size="xl" py="xl">
        <Stack gap="lg">
          <Alert variant="light" color="certame" icon={<IconInfoCircle size={18} />}>
            As leis, os decretos e as instruções normativas abrem o texto oficial no Portal da Legislação do
            Planalto e no Portal de Compras do Governo Federal. O regulamento e os contratos de adesão são
            documentos em PDF emitidos pela plataforma.
          </Alert>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {LEGISLATION_GROUPS.map((group) => (
              <Paper key={group.title} withBorder radius="md" p="lg">
                <Title order={2} fz="lg" c="certame.9" mb="sm">
                  {group.title}
                </Title>
                <List
                  spacing={6}
                  size="sm"
                  icon={
                    <ThemeIcon size={22} radius="sm" variant="light">
                      <IconFileText size={14} />
                    </ThemeIcon>
                  }
                >
                  {group.documents.map((doc) => (
                    <List.Item key={doc.name}>
                      <Anchor
                        href={doc.href}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={`${doc.name} — ${doc.source} (abre em nova aba)`}
                      >
                        {doc.name}
                      </Anchor>{" "}
                      <Text span size="xs" c="dimmed">
                        ({doc.source})
                      </Text>
                    </List.Item>
                  ))}
                </List>
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </>
  );
}

const TUTORIALS: { title: string; steps: string[] }[] = [
  {
    title: "Consultar editais publicados",
    steps: [
      "Acesse “Editais” no menu superior.",
      "Pesquise por objeto, número do edital, processo ou nome do órgão.",
      "Refine por modalidade, status, estado (UF), órgão, número do edital ou data da sessão.",
      "Clique no título de uma coluna para ordenar a lista; clique de novo para inverter a ordem.",
    ],
  },
  {
    title: "Entrar na plataforma",
    steps: [
      "Clique em “Entrar”, no canto superior direito.",
      "Informe seu e-mail ou CPF/CNPJ (somente números ou com pontuação) e sua senha.",
      "Após entrar, o menu lateral mostra as áreas disponíveis para o seu perfil.",
      "Para encerrar a sessão, use “Sair”, no fim do menu.",
    ],
  },
  {
    title: "Conhecer o menu do seu perfil",
    steps: [
      "Fornecedores veem editais, formalizações, procedimentos auxiliares, seus editais, esclarecimentos, documentos de habilitação, renovação de cadastro e assinaturas.",
      "Órgãos compradores veem também “Cadastrar”, pesquisa de preços, relatórios de acesso e os serviços do PNCP.",
      "Cidadãos acompanham editais, formalizações, procedimentos auxiliares e esclarecimentos.",
      "A entrada da página em que você está fica destacada no menu.",
    ],
  },
  {
    title: "Usar a plataforma no celular",
    steps: [
      "Em telas estreitas, o menu fica recolhido: toque no botão “Abrir menu” no topo da página.",
      "Escolha a área desejada; o menu se fecha ao abrir a página.",
      "Para recolher o menu sem escolher nada, toque em “Fechar menu”.",
    ],
  },
];

export function TutorialsPage() {
  return (
    <>
      <PageHero title="Tutoriais" lead="Passo a passo das tarefas mais comuns na plataforma." />
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {TUTORIALS.map((tutorial) => (
            <Paper key={tutorial.title} withBorder radius="md" p="lg">
              <Title order={2} fz="lg" c="certame.9" mb="sm">
                {tutorial.title}
              </Title>
              <List type="ordered" spacing={6} size="sm">
                {tutorial.steps.map((step) => (
                  <List.Item key={step}>{step}</List.Item>
                ))}
              </List>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}

export function ContactPage() {
  return (
    <>
      <PageHero title="Contato" lead="Orientações para falar com a equipe responsável pela plataforma." />
      <Container size="xl" py="xl">
        <Stack gap="lg" maw={900}>
          <Section title="Análise de cadastros">
            <List spacing="xs">
              <List.Item>Cada cadastro finalizado é analisado em até 24 horas úteis.</List.Item>
              <List.Item>
                Cadastros finalizados até as 17h de um dia útil são analisados no mesmo dia.
              </List.Item>
              <List.Item>
                Aguarde pelo menos uma hora após finalizar o cadastro antes de procurar o atendimento para
                pedir prioridade.
              </List.Item>
            </List>
          </Section>
          <Section title="Dúvidas sobre um processo">
            <Text>
              Questões sobre um edital específico devem ser feitas ao órgão responsável, pelo pedido de
              esclarecimento do próprio processo, para que a resposta fique registrada e disponível a todos os
              interessados.
            </Text>
          </Section>
          <Section title="Atendimento">
            <Text>
              Os canais de atendimento (e-mail e telefone) são divulgados pela entidade que opera esta
              instalação da plataforma. Ao entrar em contato, informe o CPF ou CNPJ do cadastro e, se for o
              caso, o número do edital.
            </Text>
          </Section>
        </Stack>
      </Container>
    </>
  );
}
