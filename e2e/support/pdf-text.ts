// The text a PDF of the platform draws, for a browser test that checks what a downloaded PDF says: the
// server tests' reader (inflated content streams, WinAnsi hex strings), not a second copy of it.
export { pdfText } from "../../apps/server/test/pdf-text";

/** Text compared as the PDF lays it out: line breaks and spaces vary. */
export const squeezed = (text: string) => text.replace(/\s+/g, "");
