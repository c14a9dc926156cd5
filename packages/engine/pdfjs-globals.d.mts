// Types of pdfjs-globals.mjs (plain JavaScript: it runs before any TypeScript loader).
export function inflateAtOnce(): void;
export function keepNatives(load: () => Promise<unknown>): Promise<void>;
export function withoutLoadingFetch<T>(load: () => Promise<T>): Promise<T>;
export function isTextChunk(message: unknown): boolean;
export class InThreadPort {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(
    type: string,
    listener: (event: { data: unknown }) => void,
    options?: { signal?: AbortSignal } | null,
  ): void;
  removeEventListener(type: string, listener: (event: { data: unknown }) => void): void;
  terminate(): void;
}
