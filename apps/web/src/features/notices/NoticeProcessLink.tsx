import { Anchor } from "@mantine/core";
import { IconArrowBackUp } from "@tabler/icons-react";
import { Link } from "react-router";
import type { Notice } from "./api";
import { NOTICE_TEXTS } from "./texts";

/**
 * The planning process a notice was made from (issue 35 item 1), linked to its administration page:
 * the notice keeps its process and the process its notice, and both pages show it.
 */
export function NoticeProcessLink({ process }: { process: Notice["process"] }) {
  if (!process) return null;
  return (
    <Anchor
      component={Link}
      to={`/cadastrar/processos/${process.id}/edicao`}
      size="sm"
      fw={600}
      style={{ display: "inline-flex", alignItems: "center", gap: 4 }}
    >
      <IconArrowBackUp size={16} aria-hidden />
      {NOTICE_TEXTS.processLink(process.processNumber)}
    </Anchor>
  );
}
