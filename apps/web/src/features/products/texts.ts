// The product catalogue's texts. PRODUCT_CREATED is verbatim from notices-and-accounts §8; the
// near-duplicate warning is not in the spec (issue 12 asks for it).
export const PRODUCT_TEXTS = {
  created: "Produto cadastrado com sucesso",
  similarTitle: "Já existem produtos com nome parecido",
  similarText:
    "Verifique se o produto que você quer cadastrar não é um destes. Para usar um deles, feche este cadastro e selecione-o no catálogo.",
  addAnyway: "Adicionar mesmo assim",
} as const;
