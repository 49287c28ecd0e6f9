// The legislation library of notices-and-accounts §2.1, by name (the PDF files are not in the repository yet).
export const LEGISLATION_GROUPS: { title: string; documents: string[] }[] = [
  {
    title: "Leis",
    documents: [
      "Lei nº 14.133/2021",
      "Lei nº 13.709/2018",
      "Lei nº 13.303/2016",
      "Lei nº 12.873/2013",
      "Lei nº 12.865/2013",
      "Lei nº 12.663/2012",
      "Lei nº 12.512/2011",
      "Lei nº 12.462/2011",
      "Lei nº 11.947/2009",
      "Lei nº 11.652/2008",
      "Lei nº 10.847/2004",
      "Lei nº 10.520/2002",
      "Lei nº 8.666/1993",
      "Lei nº 8.629/1993",
    ],
  },
  {
    title: "Decretos",
    documents: [
      "Decreto nº 10.024/2019",
      "Decreto nº 7.983/2013",
      "Decreto nº 7.892/2013",
      "Decreto nº 7.581/2011",
      "Decreto nº 7.174/2010",
    ],
  },
  {
    title: "Instruções Normativas",
    documents: [
      "Instrução Normativa nº 75/2021",
      "Instrução Normativa nº 72/2021",
      "Instrução Normativa nº 67/2021",
      "Instrução Normativa nº 65/2021",
      "Instrução Normativa SEGES nº 116/2021",
      "Instrução Normativa nº 05/2017",
    ],
  },
  {
    title: "Regulamento e contratos de adesão",
    documents: [
      "Regulamento do site",
      "Contrato de adesão — pessoa jurídica (PJ)",
      "Contrato de adesão — pessoa física (PF)",
      "Contrato de adesão — órgão promotor",
    ],
  },
];
