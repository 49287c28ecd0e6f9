import { z } from "zod";

// Zod's own messages in Portuguese, for server and browser alike.
z.config(z.locales.pt());

export { z };
