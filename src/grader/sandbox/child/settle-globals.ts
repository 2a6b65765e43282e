// Imported first by ./harden (so, before the poisoning snapshot). Node defines some globals
// (AbortController, fetch, crypto, ...) as lazy accessors that turn into data properties on first
// read; the driver reads some at load, which would look like tampering. Reading every global
// once here makes the snapshot see them in their settled form, and loads undici (Headers, Request,
// Response, FormData) before ./harden deletes the global dispatcher it creates.
for (const name of Object.getOwnPropertyNames(globalThis)) {
  try {
    void (globalThis as Record<string, unknown>)[name];
  } catch {
    // A global whose getter throws stays as it is; the snapshot records it that way.
  }
}
export {};
