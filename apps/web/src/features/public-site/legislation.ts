// The legislation library of notices-and-accounts §2.1. The acts link to their official texts: the
// laws and decrees at the Planalto's legislation portal, the normative instructions at the federal
// procurement portal (gov.br/compras), which publishes them as in force. The site regulation and the
// three adhesion contracts are PDFs the platform draws from its own templates (GET
// /api/public/legal-documents/{slug}).

export interface LegislationDocument {
  name: string;
  href: string;
  /** Who publishes the text (said in the link's accessible name). */
  source: string;
}

const PLANALTO = "https://www.planalto.gov.br/ccivil_03";
const PLANALTO_SOURCE = "Portal da Legislação do Planalto";
const COMPRAS_INSTRUCTIONS =
  "https://www.gov.br/compras/pt-br/acesso-a-informacao/legislacao/instrucoes-normativas";
const COMPRAS_SOURCE = "Portal de Compras do Governo Federal";
const PLATFORM_SOURCE = "PDF gerado pela plataforma";

const law = (name: string, path: string): LegislationDocument => ({
  name,
  href: `${PLANALTO}/${path}`,
  source: PLANALTO_SOURCE,
});
const instruction = (name: string): LegislationDocument => ({
  name,
  href: COMPRAS_INSTRUCTIONS,
  source: COMPRAS_SOURCE,
});
const own = (name: string, slug: string): LegislationDocument => ({
  name,
  href: `/api/public/legal-documents/${slug}`,
  source: PLATFORM_SOURCE,
});

/** The platform's own documents, by slug (the server's LEGAL_DOCUMENTS). */
export const PLATFORM_DOCUMENT_SLUGS = [
  "regulamento-da-plataforma",
  "termo-de-adesao-pj",
  "termo-de-adesao-pf",
  "termo-de-adesao-orgao-promotor",
] as const;

export const LEGISLATION_GROUPS: { title: string; documents: LegislationDocument[] }[] = [
  {
    title: "Leis",
    documents: [
      law("Lei nº 14.133/2021", "_ato2019-2022/2021/lei/l14133.htm"),
      law("Lei nº 13.709/2018", "_ato2015-2018/2018/lei/l13709.htm"),
      law("Lei nº 13.303/2016", "_ato2015-2018/2016/lei/l13303.htm"),
      law("Lei nº 12.873/2013", "_ato2011-2014/2013/lei/l12873.htm"),
      law("Lei nº 12.865/2013", "_ato2011-2014/2013/lei/l12865.htm"),
      law("Lei nº 12.663/2012", "_ato2011-2014/2012/lei/l12663.htm"),
      law("Lei nº 12.512/2011", "_ato2011-2014/2011/lei/l12512.htm"),
      law("Lei nº 12.462/2011", "_ato2011-2014/2011/lei/l12462.htm"),
      law("Lei nº 11.947/2009", "_ato2007-2010/2009/lei/l11947.htm"),
      law("Lei nº 11.652/2008", "_ato2007-2010/2008/lei/l11652.htm"),
      law("Lei nº 10.847/2004", "_ato2004-2006/2004/lei/l10.847.htm"),
      law("Lei nº 10.520/2002", "leis/2002/l10520.htm"),
      law("Lei nº 8.666/1993", "leis/l8666cons.htm"),
      law("Lei nº 8.629/1993", "leis/l8629.htm"),
    ],
  },
  {
    title: "Decretos",
    documents: [
      law("Decreto nº 10.024/2019", "_ato2019-2022/2019/decreto/d10024.htm"),
      law("Decreto nº 7.983/2013", "_ato2011-2014/2013/decreto/d7983.htm"),
      law("Decreto nº 7.892/2013", "_ato2011-2014/2013/decreto/d7892.htm"),
      law("Decreto nº 7.581/2011", "_ato2011-2014/2011/decreto/d7581.htm"),
      law("Decreto nº 7.174/2010", "_ato2007-2010/2010/decreto/d7174.htm"),
    ],
  },
  {
    title: "Instruções Normativas",
    documents: [
      instruction("Instrução Normativa nº 75/2021"),
      instruction("Instrução Normativa nº 72/2021"),
      instruction("Instrução Normativa nº 67/2021"),
      instruction("Instrução Normativa nº 65/2021"),
      instruction("Instrução Normativa SEGES nº 116/2021"),
      instruction("Instrução Normativa nº 05/2017"),
    ],
  },
  {
    title: "Regulamento e contratos de adesão",
    documents: [
      own("Regulamento do site", "regulamento-da-plataforma"),
      own("Contrato de adesão — pessoa jurídica (PJ)", "termo-de-adesao-pj"),
      own("Contrato de adesão — pessoa física (PF)", "termo-de-adesao-pf"),
      own("Contrato de adesão — órgão promotor", "termo-de-adesao-orgao-promotor"),
    ],
  },
];
