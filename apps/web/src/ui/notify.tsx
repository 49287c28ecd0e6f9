import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconCheck, IconX } from "@tabler/icons-react";
import { ApiError } from "../api/client";
import { NOTIFICATION_DURATION } from "./durations";
import { GENERIC_ERROR_MESSAGE, GENERIC_ERROR_TITLE } from "./texts";

interface NotifyOptions {
  /** Milliseconds before it closes by itself; defaults to the kind's duration. */
  duration?: number;
}

/**
 * Error and warning notifications still on screen. A success closes them (issue 12): once the user
 * has fixed what failed and the action went through, the earlier 'Dados inválidos' must not stay
 * beside 'Edital cadastrado com sucesso' as if both were true.
 */
const openProblems = new Set<string>();

function showProblem(data: Parameters<typeof notifications.show>[0]): string {
  const id = notifications.show({
    ...data,
    onClose: (props) => {
      openProblems.delete(id);
      data.onClose?.(props);
    },
  });
  openProblems.add(id);
  return id;
}

/** Closes the error and warning notifications shown so far. */
export function clearProblemNotifications(): void {
  for (const id of openProblems) notifications.hide(id);
  openProblems.clear();
}

/** A danger notification: 'Erro' / the connection text unless a title and message are given. */
export function notifyError(title?: string, message?: string, options: NotifyOptions = {}): string {
  return showProblem({
    title: title || GENERIC_ERROR_TITLE,
    message: message || GENERIC_ERROR_MESSAGE,
    color: "red",
    icon: <IconX size={18} />,
    autoClose: options.duration ?? NOTIFICATION_DURATION.error,
  });
}

export function notifyWarning(title: string, message: string, options: NotifyOptions = {}): string {
  return showProblem({
    title,
    message,
    color: "yellow",
    icon: <IconAlertTriangle size={18} />,
    autoClose: options.duration ?? NOTIFICATION_DURATION.warning,
  });
}

/** A success notification; it closes the error and warning notifications shown before it. */
export function notifySuccess(message: string, title?: string, options: NotifyOptions = {}): string {
  clearProblemNotifications();
  return notifications.show({
    title,
    message,
    color: "teal",
    icon: <IconCheck size={18} />,
    autoClose: options.duration ?? NOTIFICATION_DURATION.success,
  });
}

/** The text to show for a failed call: the server's message, or the generic connection text. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof ApiError && error.hasServerMessage) return error.message;
  return GENERIC_ERROR_MESSAGE;
}

/** A danger notification for a failed call, with the server's message when it sent one. */
export function notifyApiError(error: unknown, title?: string, options: NotifyOptions = {}): string {
  return notifyError(title, errorMessageOf(error), options);
}
