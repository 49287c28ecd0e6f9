import { MODALITIES_BY_GROUP, type Modality } from "@certame/domain";
import { Container } from "@mantine/core";
import { PageHero } from "../../ui/page/PageHero";
import { PageTitle } from "../../ui/page/PageTitle";
import { NoticeList } from "./NoticeList";

/** /editais: the public list, open to visitors. */
export function PublicNoticesPage() {
  return (
    <>
      <PageHero
        title="Editais publicados"
        lead="Consulte os processos de compra publicados pelos órgãos públicos na plataforma."
      />
      <Container size="xl" py="xl">
        <NoticeList />
      </Container>
    </>
  );
}

/** The bidding modalities: the electronic ones (those with a room) and the in-person ones. */
export const PUBLISHED_NOTICE_MODALITIES: readonly Modality[] = [
  ...MODALITIES_BY_GROUP.BIDDING,
  ...MODALITIES_BY_GROUP.IN_PERSON,
];

function CardsPage({
  title,
  description,
  modalities,
}: {
  title: string;
  description: string;
  modalities: readonly Modality[];
}) {
  return (
    <>
      <PageTitle title={title} description={description} />
      <NoticeList label={title} modalities={modalities} display="cards" />
    </>
  );
}

/** /editais-publicados: the bidding notices as cards (§2.3), inside the authenticated layout. */
export function PublishedNoticesPage() {
  return (
    <CardsPage
      title="Editais publicados"
      description="Licitações eletrônicas e presenciais publicadas pelos órgãos públicos na plataforma."
      modalities={PUBLISHED_NOTICE_MODALITIES}
    />
  );
}

/** /formalizacoes-publicadas: the formalizations published to the national portal, as cards. */
export function PublishedFormalizationsPage() {
  return (
    <CardsPage
      title="Formalizações publicadas"
      description="Dispensas, inexigibilidades, credenciamentos e pré-qualificações formalizados na plataforma."
      modalities={MODALITIES_BY_GROUP.FORMALIZATION}
    />
  );
}

/** /procedimentos-auxiliares: direct contracting and accreditations open to proposals, as cards. */
export function AuxiliaryProceduresPage() {
  return (
    <CardsPage
      title="Procedimentos auxiliares"
      description="Contratações diretas e credenciamentos com recebimento de propostas."
      modalities={MODALITIES_BY_GROUP.DIRECT}
    />
  );
}
