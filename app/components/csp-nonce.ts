import { createContext, useContext } from "react";

/**
 * The response's CSP nonce, handed to the document by the server render (entry.server.tsx) for
 * the scripts it writes. Never part of any loader's data: a visitor page and its `.data` answer
 * are stored once and served to everyone (allowed by script hashes, decision 0008), and a nonce
 * in them would be one value shared by every visitor. In the browser it is undefined: React
 * writes no inline script after the first render.
 */
export const CspNonce = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonce);
}
