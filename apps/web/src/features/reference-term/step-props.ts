import type { ReferenceTermBatch, ReferenceTermContext } from "@certame/domain";

export type { ReferenceTermBatch, ReferenceTermContext };

/**
 * The props of every chapter form of the reference term (planning §2.10): the chapter's data, its
 * change handler (the whole next value), the field errors by property (§5 messages, or the server's
 * 400 properties), the process context (sub-modality, service kind) and the process's lots.
 */
export interface StepFormProps<T> {
  value: T;
  onChange: (next: T) => void;
  errors: Record<string, string[]>;
  context: ReferenceTermContext;
  lots: ReferenceTermBatch[];
}
