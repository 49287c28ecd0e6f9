import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconCheck, IconX } from "@tabler/icons-react";
import { ApiError } from "../api/client";
import { NOTIFICATION_DURATION } from "./durations";
import { GENERIC_ERROR_MESSAGE, GENERIC_ERROR_TITLE } from "./texts";

interface NotifyOptions {
  /** Milliseconds before it closes by itself; defaults to the kind's duration. */
  duration?: number;
}

/** A danger notification: 'Erro' / the connection text unless a title and message are given. */
export function notifyError(title?: string, message?: string, options: NotifyOptions = {}): string {
  return notifications.show({
    title: title || GENERIC_ERROR_TITLE,
    message: message || GENERIC_ERROR_MESSAGE,
    color: "red",
    icon: <IconX size={18} />,
    autoClose: options.duration ?? NOTIFICATION_DURATION.error,
  });
}

export function notifyWarning(title: string, message: string, options: NotifyOptions = {}): string {
  return notifications.show({
    title,
    message,
    color: "yellow",
    icon: <IconAlertTriangle size={18} />,
    autoClose: options.duration ?? NOTIFICATION_DURATION.warning,
  });
}

export function notifySuccess(message: string, title?: string, options: NotifyOptions = {}): string {
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
