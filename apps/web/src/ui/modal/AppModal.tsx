import { Modal, type ModalProps } from "@mantine/core";
import { useLayoutEffect, useRef, useState } from "react";

// notices-and-accounts §2.17/§9 say the modal header title "is truncated after 30 characters". A
// cut at a fixed count broke words ('Download dos arquivos do proce...') even where the header had
// room for the whole title, and the full title was then repeated for screen readers (issue 12). So
// the title is drawn once, on one line, and cut only where it really overflows the header: with an
// ellipsis (CSS text-overflow), the full title then given as a tooltip. Short titles (the spec's 30
// characters) always fit the header of the smallest modal, so they are never cut.

export interface AppModalProps extends Omit<ModalProps, "title"> {
  title: string;
}

/** The header title: one line, ellipsis when it overflows, and then the full text on hover. */
function ModalTitle({ title }: { title: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <span
      ref={ref}
      title={overflows ? title : undefined}
      data-overflows={overflows || undefined}
      style={{
        display: "block",
        overflow: "hidden",
        textOverflow: "ellipsis",
        whiteSpace: "nowrap",
      }}
    >
      {title}
    </span>
  );
}

/** The platform's modal: a centred dialog whose header shows its title once (see above). */
export function AppModal({ title, children, ...props }: AppModalProps) {
  return (
    <Modal
      centered
      size="lg"
      title={<ModalTitle title={title} />}
      styles={{ title: { minWidth: 0, flex: 1 } }}
      closeButtonProps={{ "aria-label": "Fechar" }}
      overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
      {...props}
    >
      {children}
    </Modal>
  );
}
