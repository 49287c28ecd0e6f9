import { BRAZILIAN_STATES, type StateCode } from "@certame/domain";
import { Anchor, Stack, Table, Text, Title } from "@mantine/core";
import { AppModal } from "../../../ui/modal/AppModal";

export const CERTIFICATES_TITLE = "Links Para Consulta de Certidões";

/**
 * The 7 federal certificate links of trading-room §2.4: company registration card, consolidated
 * audit/sanction lookup, labour debts, simplified tax regime option, federal tax debts (two links),
 * severance fund. The spec names them but not their addresses: these are the issuing bodies' own
 * public pages (Receita Federal, TCU, TST, Caixa).
 */
export const FEDERAL_CERTIFICATE_LINKS: readonly { label: string; url: string }[] = [
  {
    label: "Comprovante de Inscrição e de Situação Cadastral (Cartão CNPJ)",
    url: "https://solucoes.receita.fazenda.gov.br/Servicos/cnpjreva/Cnpjreva_Solicitacao.asp",
  },
  {
    label: "Consulta Consolidada de Pessoa Jurídica (TCU: CEIS, CNEP, CNIA e inidôneos)",
    url: "https://certidoes-apf.apps.tcu.gov.br/",
  },
  {
    label: "Certidão Negativa de Débitos Trabalhistas (CNDT)",
    url: "https://cndt-certidao.tst.jus.br/inicio.faces",
  },
  {
    label: "Consulta Optantes do Simples Nacional",
    url: "https://consopt.www8.receita.fazenda.gov.br/consultaoptantes",
  },
  {
    label:
      "Certidão de Débitos Relativos a Créditos Tributários Federais e à Dívida Ativa da União (emissão)",
    url: "https://solucoes.receita.fazenda.gov.br/Servicos/certidaointernet/PJ/Emitir",
  },
  {
    label:
      "Certidão de Débitos Relativos a Créditos Tributários Federais e à Dívida Ativa da União (confirmação de autenticidade)",
    url: "https://solucoes.receita.fazenda.gov.br/Servicos/certidaointernet/PJ/Autenticidade",
  },
  {
    label: "Certificado de Regularidade do FGTS (CRF)",
    url: "https://consulta-crf.caixa.gov.br/consultacrf/pages/consultaEmpregador.jsf",
  },
];

/** The state tax-debt certificate site of each of the 27 units (the state finance offices). */
export const STATE_CERTIFICATE_SITES: Record<StateCode, string> = {
  AC: "https://sefaznet.ac.gov.br/sefazonline/servlet/hpfsincon",
  AL: "https://contribuinte.sefaz.al.gov.br/certidao/#/emitir-certidao",
  AP: "https://www.sefaz.ap.gov.br/",
  AM: "https://online.sefaz.am.gov.br/certidaoNegativa/",
  BA: "https://servicos.sefaz.ba.gov.br/sistemas/DSCRE/Modulos/Publico/EmissaoCertidao.aspx",
  CE: "https://servicos.sefaz.ce.gov.br/internet/Sitram/CertidaoNegativa/",
  DF: "https://ww1.receita.fazenda.df.gov.br/cidadao/certidoes/Certidao",
  ES: "https://internet.sefaz.es.gov.br/agenciavirtual/area_publica/cnd/emissao.php",
  GO: "https://www.sefaz.go.gov.br/Certidao/Emissao/",
  MA: "https://sistemas1.sefaz.ma.gov.br/certidoes/jsp/emissaoCertidaoNegativa/emissaoCertidaoNegativa.jsf",
  MT: "https://www.sefaz.mt.gov.br/cnd/certidao/servlet/ServletRotd",
  MS: "https://servicos.efazenda.ms.gov.br/pndfis/home/emissao",
  MG: "https://www2.fazenda.mg.gov.br/sol/ctrl/SOL/CDT/SERVICO_829",
  PA: "https://app.sefa.pa.gov.br/emissao-certidao/",
  PB: "https://www.sefaz.pb.gov.br/servirtual/certidoes/emissao-de-certidao-de-debitos",
  PR: "https://www.cdw.fazenda.pr.gov.br/cdw/emissao/certidaoAutomatica",
  PE: "https://efisco.sefaz.pe.gov.br/sfi_trb_gcc/PREmitirCertidaoRegularidadeFiscal",
  PI: "https://webas.sefaz.pi.gov.br/certidaoweb/",
  RJ: "https://www4.fazenda.rj.gov.br/certidao-fiscal-web/emitirCertidao.jsf",
  RN: "https://uvt2.set.rn.gov.br/#/services/certidaoNegativa",
  RS: "https://www.sefaz.rs.gov.br/sat/CertidaoSitFiscalSolic.aspx",
  RO: "https://portalcontribuinte.sefin.ro.gov.br/Publico/parametropublica.jsp?NuParametro=1",
  RR: "https://portal.sefaz.rr.gov.br/certidao-negativa/",
  SC: "https://sat.sef.sc.gov.br/tax.NET/Sat.CtaCte.Web/SolicitacaoCnd.aspx",
  SP: "https://www10.fazenda.sp.gov.br/CertidaoNegativaDeb/Pages/EmissaoCertidaoNegativa.aspx",
  SE: "https://security.sefaz.se.gov.br/SIC/sefaz/cnd/emitirCertidao.jsp",
  TO: "https://www.sefaz.to.gov.br/",
};

const external = { target: "_blank", rel: "noopener noreferrer" } as const;

/** 'Certidões' (trading-room §2.4): the federal links and the table of the 27 state sites. */
export function CertificatesModal({ onClose }: { onClose: () => void }) {
  return (
    <AppModal opened onClose={onClose} title={CERTIFICATES_TITLE} size="xl">
      <Stack gap="md">
        <Title order={5}>Certidões federais</Title>
        <Stack gap={6} component="ul" m={0} pl="md">
          {FEDERAL_CERTIFICATE_LINKS.map((link) => (
            <li key={link.url}>
              <Anchor href={link.url} {...external} size="sm">
                {link.label}
              </Anchor>
            </li>
          ))}
        </Stack>
        <Title order={5}>Certidões estaduais</Title>
        <Table striped withTableBorder fz="sm" aria-label="Certidões estaduais">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Estado</Table.Th>
              <Table.Th w={70}>Sigla</Table.Th>
              <Table.Th>Site</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {BRAZILIAN_STATES.map((s) => (
              <Table.Tr key={s.code}>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td>{s.code}</Table.Td>
                <Table.Td>
                  <Anchor href={STATE_CERTIFICATE_SITES[s.code]} {...external} size="sm">
                    <Text span size="sm" style={{ wordBreak: "break-all" }}>
                      {STATE_CERTIFICATE_SITES[s.code]}
                    </Text>
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </AppModal>
  );
}
