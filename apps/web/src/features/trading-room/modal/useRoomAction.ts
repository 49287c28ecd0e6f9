import { useCallback, useRef, useState } from "react";
import { notifyError, notifySuccess } from "../../../ui/notify";
import { type ActionAnswer, roomErrorMessage } from "../live/useTradingRoom";
import { type UploadedRoomFile, uploadRoomFile } from "./upload-api";

/** The room's live action call (useTradingRoom.request). */
export type RequestAction = (event: string, data: unknown) => Promise<ActionAnswer>;

// §8 'Erro ao enviar' of every room modal's file.
export const ROOM_UPLOAD_TEXTS = {
  error: "Erro ao enviar",
  errorText:
    "Verifique se o seu arquivo é válido e tente novamente: o tamanho máximo é 30 MB e os formatos aceitos são JPG, PNG e PDF.",
};

export interface RoomActionOptions {
  /** The live action call, for send(). */
  request?: RequestAction;
  /** Called after a sending the server acknowledged (a modal closes). */
  onDone?: () => void;
}

export interface RoomAction {
  /** True while run() works: the confirm button shows it (and is disabled), cancel is disabled. */
  busy: boolean;
  /** Runs one sending at a time, busy meanwhile; a second run while busy is ignored (no double send). */
  run: (work: () => Promise<void>) => Promise<void>;
  /**
   * Sends a live event: on ACKNOWLEDGED shows `done` (when given) and calls onDone; an ERROR is
   * already shown by the room (useTradingRoom) and the modal stays open. Resolves with the answer's ok.
   */
  send: (event: string, data: unknown, done?: string) => Promise<boolean>;
  /** An HTTP call: its answer, or null with `errorTitle` and the server's message (§8) shown. */
  call: <T>(work: () => Promise<T>, errorTitle: string) => Promise<{ value: T } | null>;
  /** Uploads a modal's file: its url and name, or null with §8 'Erro ao enviar' shown. */
  upload: (file: File) => Promise<UploadedRoomFile | null>;
}

/** The busy flag, request and error display shared by the room's modals and action buttons. */
export function useRoomAction({ request, onDone }: RoomActionOptions = {}): RoomAction {
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  // The panel re-renders every second: the latest callbacks, without new functions each time.
  const options = useRef({ request, onDone });
  options.current = { request, onDone };

  const run = useCallback(async (work: () => Promise<void>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }, []);

  const send = useCallback(async (event: string, data: unknown, done?: string) => {
    const call = options.current.request;
    if (!call) throw new Error("useRoomAction: send() needs request");
    const answer = await call(event, data);
    if (!answer.ok) return false;
    if (done) notifySuccess(done);
    options.current.onDone?.();
    return true;
  }, []);

  const call = useCallback(async <T>(work: () => Promise<T>, errorTitle: string) => {
    try {
      return { value: await work() };
    } catch (error) {
      notifyError(errorTitle, roomErrorMessage(error));
      return null;
    }
  }, []);

  const upload = useCallback(async (file: File) => {
    try {
      return await uploadRoomFile(file);
    } catch {
      notifyError(ROOM_UPLOAD_TEXTS.error, ROOM_UPLOAD_TEXTS.errorText);
      return null;
    }
  }, []);

  return { busy, run, send, call, upload };
}
