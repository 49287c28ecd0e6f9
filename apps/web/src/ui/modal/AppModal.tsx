import { Modal, type ModalProps, VisuallyHidden } from "@mantine/core";

/** Modal header titles are cut after this many characters (notices-and-accounts §2.17, §9). */
export const MODAL_TITLE_MAX_LENGTH = 30;

export function truncateTitle(title: string, max = MODAL_TITLE_MAX_LENGTH): string {
  return title.length > max ? `${title.slice(0, max)}...` : title;
}

export interface AppModalProps extends Omit<ModalProps, "title"> {
  title: string;
}

/**
 * The platform's modal: a centred dialog whose header title is truncated after 30 characters. The
 * dialog's accessible name (its labelling title) is still the full title: the cut text is only drawn.
 */
export function AppModal({ title, children, ...props }: AppModalProps) {
  const shown = truncateTitle(title);
  return (
    <Modal
      centered
      size="lg"
      title={
        shown === title ? (
          title
        ) : (
          <span title={title}>
            <span aria-hidden>{shown}</span>
            <VisuallyHidden>{title}</VisuallyHidden>
          </span>
        )
      }
      closeButtonProps={{ "aria-label": "Fechar" }}
      overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
      {...props}
    >
      {children}
    </Modal>
  );
}
