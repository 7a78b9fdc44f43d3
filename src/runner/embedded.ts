/** The reference server started in-process: what `tdss run` targets without --base-url. */
export interface EmbeddedServer {
  readonly url: string;
  readonly keys: { readonly active: string; readonly exhausted: string; readonly inactive?: string };
  close(): Promise<void>;
}

interface ReferenceModule {
  startReferenceServer(options?: { port?: number; seed?: number }): Promise<EmbeddedServer>;
}

/** Thrown when the reference server is not part of this build. */
export class EmbeddedUnavailableError extends Error {
  override readonly name = "EmbeddedUnavailableError";
}

/** Starts the reference server on an ephemeral loopback port with its default dataset. */
export async function startEmbeddedServer(): Promise<EmbeddedServer> {
  // Resolved at run time: the runner builds and tests without the reference server present.
  const specifier = "../reference/index.js";
  let module: ReferenceModule;
  try {
    module = (await import(specifier)) as ReferenceModule;
  } catch (error) {
    throw new EmbeddedUnavailableError(
      `the embedded reference server is not available (${(error as Error).message.split("\n")[0]}); pass ` +
        `--base-url and a key`,
    );
  }
  return module.startReferenceServer({ port: 0 });
}
