/**
 * The native library's memory as PDFium's helpers see it: pointers are addresses in this process (numbers:
 * user-space addresses fit in 53 bits), read and written by copying through libc's memcpy. A WebAssembly
 * instance has none (its heap is a JavaScript array).
 */
export interface NativeMemory {
  malloc(size: number): number;
  free(pointer: number): void;
  /** A copy of `size` bytes at `pointer`. */
  read(pointer: number, size: number): Uint8Array;
  write(pointer: number, bytes: Uint8Array): void;
}

const memories = new WeakMap<object, NativeMemory>();

export function registerNativeMemory(pdfium: object, memory: NativeMemory): void {
  memories.set(pdfium, memory);
}

export const nativeMemoryOf = (pdfium: object): NativeMemory | undefined => memories.get(pdfium);
