// The reference term editor (planning §2.10; issue 16 items 4–5).
export { ReferenceTermPage } from "./ReferenceTermPage";
