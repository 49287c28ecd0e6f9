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

/** /editais-publicados: the same list inside the authenticated layout. */
export function PublishedNoticesPage() {
  return (
    <>
      <PageTitle
        title="Editais publicados"
        description="Processos publicados pelos órgãos públicos na plataforma."
      />
      <NoticeList />
    </>
  );
}
