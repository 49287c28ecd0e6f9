// Header links of the public site (notices-and-accounts §2.1).
export const PUBLIC_LINKS = [
  { to: "/quem-somos", label: "Quem somos" },
  { to: "/sobre-a-plataforma", label: "Sobre a plataforma" },
  { to: "/legislacao-e-regulamentos", label: "Legislação e regulamentos" },
  { to: "/tutoriais", label: "Tutoriais" },
  { to: "/contato", label: "Contato" },
  { to: "/editais", label: "Editais" },
] as const;
