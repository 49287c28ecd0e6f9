import { hash, type Options, verify } from "@node-rs/argon2";

// argon2id (Algorithm.Argon2id = 2; a const enum, so written as its value) with the OWASP minimum.
const OPTIONS: Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
