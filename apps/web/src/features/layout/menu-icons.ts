import {
  IconBan,
  IconBuildingBank,
  IconCalendarStats,
  IconCertificate,
  IconChartBar,
  IconChevronDown,
  IconChevronRight,
  IconClipboardList,
  IconClipboardText,
  IconCloudUpload,
  IconCreditCard,
  IconFileCertificate,
  IconFilePlus,
  IconFileSearch,
  IconFileText,
  IconFolders,
  IconGavel,
  IconHelpCircle,
  IconLayoutList,
  IconListCheck,
  IconMail,
  IconPackage,
  IconPackages,
  IconPoint,
  IconReceipt,
  IconReportMoney,
  IconScale,
  IconSignature,
  IconUserCheck,
  IconUserEdit,
  type TablerIcon,
} from "@tabler/icons-react";
import type { MenuItem } from "./menus";

/**
 * The icons of the side menu's entries (§2.2: each entry has an icon and a secondary icon), by the
 * entry's title. Kept apart from the menu's data (menus.ts), which the router reads in the first
 * bundle: the icons come with the authenticated layout's chunk (issue 18's first-load bound).
 */
export const MENU_ICONS: Readonly<Record<string, TablerIcon>> = {
  "Editais publicados": IconFileText,
  "Formalizações publicadas": IconFileCertificate,
  "Procedimentos auxiliares": IconClipboardList,
  "Meus editais": IconFolders,
  Esclarecimentos: IconHelpCircle,
  Planejamento: IconClipboardText,
  "Renovação de cadastro": IconUserEdit,
  "Empresas apenadas e impedidas": IconBan,
  "Documentos de habilitação": IconCertificate,
  Assinaturas: IconCreditCard,
  Cadastrar: IconFilePlus,
  "Publicar processos": IconGavel,
  "Criar processo completo": IconLayoutList,
  "Catálogo de produtos": IconPackage,
  "Catálogo CNBS": IconPackages,
  "Pesquisa de preços": IconReportMoney,
  "Relatórios de acesso": IconChartBar,
  "Serviços do PNCP": IconBuildingBank,
  "Inserir termos de contrato": IconSignature,
  "Inserir atas de registro de preços": IconScale,
  "Inserir plano de contratações anual": IconCalendarStats,
  "Controle de atas e contratos": IconListCheck,
  "Adesão a atas de registro de preços": IconFileSearch,
  "Publicações no PNCP": IconCloudUpload,
  "Análise de cadastros": IconUserCheck,
  Pagamentos: IconReceipt,
  "Caixa de saída (desenvolvimento)": IconMail,
};

/** An entry's icon (a dot for an entry not given one) and its secondary icon: a group's chevron opens. */
export const menuIcon = (item: MenuItem): TablerIcon => MENU_ICONS[item.title] ?? IconPoint;
export const menuSecondaryIcon = (item: MenuItem): TablerIcon =>
  item.submenu ? IconChevronDown : IconChevronRight;
