import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { serverMessageOr } from "../../api/client";
import { notifyError } from "../../ui/notify";
import { processKeys, readProcess } from "../processes/api";
import { PROCESS_TEXTS } from "../processes/texts";

/**
 * The process a wizard works on: read once (shared with the administration page's cache). A failed
 * read says 'Erro ao localizar o processo' and goes back to the list (§8). `readOnly`: a deleted process
 * (§4: nothing of it changes); `lotsReadOnly`: also a published one (lots/items and risks, §4).
 */
export function useProcessHeader(processId: string) {
  const navigate = useNavigate();
  const query = useQuery({ queryKey: processKeys.detail(processId), queryFn: () => readProcess(processId) });
  useEffect(() => {
    if (!query.isError) return;
    notifyError(PROCESS_TEXTS.loadError, serverMessageOr(query.error));
    navigate("/cadastrar/processos", { replace: true });
  }, [query.isError, query.error, navigate]);
  const process = query.data;
  return {
    process,
    isLoading: query.isLoading,
    readOnly: process?.isDeleted ?? true,
    lotsReadOnly: process ? process.isDeleted || process.status !== "PROCESS_PENDING" : true,
  };
}
