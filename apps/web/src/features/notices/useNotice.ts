import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { notifyError } from "../../ui/notify";
import { readNotice } from "./api";
import { NOTICE_TEXTS } from "./texts";

export const noticeQueryKey = (id: string) => ["notices", "read", id] as const;

/** The notice being edited (app/auction/read); 'Erro ao localizar edital' and back when it fails. */
export function useNotice(id: string | undefined) {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: noticeQueryKey(id ?? ""),
    queryFn: () => readNotice(id as string),
    enabled: Boolean(id),
  });
  const failed = query.isError;
  useEffect(() => {
    if (failed) {
      notifyError(undefined, NOTICE_TEXTS.loadError);
      navigate(-1);
    }
  }, [failed, navigate]);
  return query;
}
