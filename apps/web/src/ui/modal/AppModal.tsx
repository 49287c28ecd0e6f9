import { Modal, type ModalProps } from "@mantine/core";

/** Modal header titles are cut after this many characters (notices-and-accounts §2.17, §9). */
export const MODAL_TITLE_MAX_LENGTH = 30;

export function truncateTitle(title: string, max = MODAL_TITLE_MAX_LENGTH): string {
  return title.length > max ? `${title.slice(0, max)}...` : title;
}

export interface AppModalProps extends Omit<ModalProps, "title"> {
  title: string;
}

/** The platform's modal: a centred dialog whose header title is truncated after 30 characters. */
export function AppModal({ title, children, ...props }: AppModalProps) {
  const shown = truncateTitle(title);
  return (
    <Modal
      centered
      size="lg"
      title={<span title={shown === title ? undefined : title}>{shown}</span>}
      aria-label={title}
      closeButtonProps={{ "aria-label": "Fechar" }}
      overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
      {...props}
    >
      {children}
    </Modal>
  );
}
