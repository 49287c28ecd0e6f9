import { PageTitle } from "../../ui/page/PageTitle";
import { ProductCatalogue } from "./ProductCatalogue";

/** /cadastrar/produtos (§2.14). */
export function ProductsPage() {
  return (
    <>
      <PageTitle
        title="Catálogo de produtos"
        description="Produtos e serviços usados nos lotes dos editais."
      />
      <ProductCatalogue withImport />
    </>
  );
}
