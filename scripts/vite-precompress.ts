import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing; fonts and images are compressed formats already. */
const TEXT = /\.(?:js|mjs|css|svg|json|txt|xml)$/;

/**
 * Writes `name.br` (brotli 11) and `name.gz` (gzip 9) next to every hashed text asset of the
 * client build, so the server sends them as files instead of compressing on each request
 * (server/http/precompressed-assets.ts). A variant that is not smaller is not written.
 */
export function precompressAssets(): Plugin {
  return {
    name: "precompress-assets",
    apply: "build",
    async writeBundle(options, bundle) {
      // React Router builds the client into <buildDirectory>/client and the server beside it.
      if (!options.dir || path.basename(options.dir) !== "client") return;
      const dir = options.dir;
      await Promise.all(
        Object.values(bundle)
          .filter((file) => file.fileName.startsWith("assets/") && TEXT.test(file.fileName))
          .map(async (file) => {
            const source = Buffer.from(file.type === "chunk" ? file.code : file.source);
            if (source.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
              gzipAsync(source, { level: 9 }),
            ]);
            const target = path.join(dir, file.fileName);
            if (br.length < source.length) await writeFile(`${target}.br`, br);
            if (gz.length < source.length) await writeFile(`${target}.gz`, gz);
          }),
      );
    },
  };
}
